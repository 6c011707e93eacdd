/**
 * The built-in report templates, used where a case template or a section template has none (docs/decisions.md
 * "Report of investigation: XSLT and PDF in Node"). The case templates' four XSLTs read the case XML
 * (server/cases/caseXml.ts, root `Case`); a section's ROI XSLT reads one section (`section` with `field` children).
 * Each writes the small XHTML vocabulary the PDF renderer draws (server/roi/pdfRender.ts).
 */

const XSL = 'xmlns:xsl="http://www.w3.org/1999/XSL/Transform"';

/** A date of the case XML (`YYYY-MM-DD…`) as MM/DD/YYYY; empty stays empty. */
const DATE_TEMPLATE = `
    <xsl:template name="date">
        <xsl:param name="value"/>
        <xsl:if test="string-length($value) &gt;= 10">
            <xsl:value-of select="concat(substring($value, 6, 2), '/', substring($value, 9, 2), '/', substring($value, 1, 4))"/>
        </xsl:if>
    </xsl:template>`;

const SUBJECT = `<xsl:value-of select="Subject/LastName"/>, <xsl:value-of select="Subject/FirstName"/><xsl:if test="Subject/MiddleName != ''"><xsl:text> </xsl:text><xsl:value-of select="Subject/MiddleName"/></xsl:if>`;

const SUMMARY_ROWS = `
                <tr><th>Subject</th><td>${SUBJECT}</td></tr>
                <tr><th>Case Number</th><td><xsl:value-of select="CaseNumber"/></td></tr>
                <tr><th>Case Type</th><td><xsl:value-of select="CaseType"/></td></tr>
                <tr><th>Client</th><td><xsl:value-of select="Org/Name"/><xsl:if test="Org/Code != ''"> (<xsl:value-of select="Org/Code"/>)</xsl:if></td></tr>
                <tr><th>Received</th><td><xsl:call-template name="date"><xsl:with-param name="value" select="ReceivedDate"/></xsl:call-template></td></tr>
                <tr><th>Completed</th><td><xsl:call-template name="date"><xsl:with-param name="value" select="CompletionDate"/></xsl:call-template></td></tr>`;

export const DEFAULT_COVER_XSLT = `<xsl:stylesheet version="1.0" ${XSL}>
    <xsl:template match="/Case">
        <div>
            <p align="center" class="eyebrow"><xsl:value-of select="Org/Name"/></p>
            <h1 align="center">Report of Investigation</h1>
            <h2 align="center">${SUBJECT}</h2>
            <p align="center">Case <xsl:value-of select="CaseNumber"/></p>
            <table class="summary">${SUMMARY_ROWS}
            </table>
            <p align="center" class="note">This report is confidential and is furnished to the requesting organization only.</p>
        </div>
    </xsl:template>${DATE_TEMPLATE}
</xsl:stylesheet>`;

/**
 * The report's body: a summary of the case, then each item shown in the report (in the case template's order) with
 * its title when Show Title, its location, and its sections as their own ROI XSLTs rendered them (`Report`).
 */
export const DEFAULT_ROI_STYLESHEET = `<xsl:stylesheet version="1.0" ${XSL}>
    <xsl:template match="/Case">
        <div>
            <h1>Report of Investigation</h1>
            <xsl:choose>
                <xsl:when test="WorkflowState = 'DISCONTINUED'"><p class="note">This investigation was discontinued; the report holds what was completed.</p></xsl:when>
                <xsl:when test="CompletionDate = '' and WorkflowState != 'COMPLETE'"><p class="note">Draft: the investigation of this case is not complete.</p></xsl:when>
            </xsl:choose>
            <table class="summary">${SUMMARY_ROWS}
            </table>
            <xsl:if test="not(Items/Item)"><p>No items are included in this report.</p></xsl:if>
            <xsl:for-each select="Items/Item">
                <xsl:if test="@ShowTitle = 'true'">
                    <h2><xsl:value-of select="position()"/>. <xsl:choose>
                        <xsl:when test="ItemType/@Description != ''"><xsl:value-of select="ItemType/@Description"/></xsl:when>
                        <xsl:otherwise><xsl:value-of select="ItemType"/></xsl:otherwise>
                    </xsl:choose></h2>
                </xsl:if>
                <xsl:if test="Location/Label != '' or Location/City != ''">
                    <p class="muted"><xsl:value-of select="Location/Label"/><xsl:if test="Location/Label != '' and Location/City != ''">, </xsl:if><xsl:if test="Location/Address1 != ''"><xsl:value-of select="Location/Address1"/>, </xsl:if><xsl:value-of select="Location/City"/><xsl:if test="Location/Region != ''"><xsl:text> </xsl:text><xsl:value-of select="Location/Region"/></xsl:if><xsl:if test="Location/PostalCode != ''"><xsl:text> </xsl:text><xsl:value-of select="Location/PostalCode"/></xsl:if></p>
                </xsl:if>
                <xsl:for-each select="Sections/Section">
                    <xsl:copy-of select="Report/node()"/>
                </xsl:for-each>
            </xsl:for-each>
        </div>
    </xsl:template>${DATE_TEMPLATE}
</xsl:stylesheet>`;

export const DEFAULT_HEADER_XSLT = `<xsl:stylesheet version="1.0" ${XSL}>
    <xsl:template match="/Case">
        <p>Report of Investigation · Case <xsl:value-of select="CaseNumber"/> · ${SUBJECT}</p>
    </xsl:template>
</xsl:stylesheet>`;

export const DEFAULT_FOOTER_XSLT = `<xsl:stylesheet version="1.0" ${XSL}>
    <xsl:template match="/Case">
        <p>Confidential · prepared for <xsl:value-of select="Org/Name"/></p>
    </xsl:template>
</xsl:stylesheet>`;

/**
 * A section without its own ROI XSLT: its name, then a table of the fields shown in the report — a list field by its
 * items' names ("Personal Conduct", not "E").
 */
export const DEFAULT_SECTION_XSLT = `<xsl:stylesheet version="1.0" ${XSL}>
    <xsl:template match="section">
        <h3><xsl:value-of select="@name"/></h3>
        <table>
            <xsl:for-each select="field[@showInReport = 'true']">
                <tr><th><xsl:value-of select="@label"/></th><td><xsl:choose>
                    <xsl:when test="@type = 'list' and @names != ''"><xsl:value-of select="@names"/></xsl:when>
                    <xsl:otherwise><xsl:value-of select="."/></xsl:otherwise>
                </xsl:choose></td></tr>
            </xsl:for-each>
        </table>
    </xsl:template>
</xsl:stylesheet>`;

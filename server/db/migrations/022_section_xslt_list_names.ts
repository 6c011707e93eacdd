import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The demo's section templates were seeded with a copy of the built-in section XSLT that printed a list field's codes
 * ("Issue Areas: E"). A section whose ROI XSLT is still exactly that copy — nobody changed it — takes the built-in
 * one that prints the items' names; any other ROI XSLT (a firm's own) stays as it is.
 */
export const SEEDED_SECTION_XSLT_PRINTING_CODES = `<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform">
    <xsl:template match="section">
        <h3><xsl:value-of select="@name"/></h3>
        <table>
            <xsl:for-each select="field[@showInReport='true']">
                <tr><th><xsl:value-of select="@label"/></th><td><xsl:value-of select="."/></td></tr>
            </xsl:for-each>
        </table>
    </xsl:template>
</xsl:stylesheet>`;

/** The built-in section XSLT as this migration wrote it (server/roi/roiTemplates.ts may change; a migration does not). */
const SECTION_XSLT_PRINTING_NAMES = `<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform">
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

export default {
  async up(db: Kysely<unknown>) {
    await sql`UPDATE sections SET "ROITemplate" = ${SECTION_XSLT_PRINTING_NAMES} WHERE "ROITemplate" = ${SEEDED_SECTION_XSLT_PRINTING_CODES}`.execute(db);
  },
} satisfies Migration;

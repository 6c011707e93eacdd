import CodeMirror, { EditorView } from '@uiw/react-codemirror';
import { xml } from '@codemirror/lang-xml';
import { json } from '@codemirror/lang-json';
import { indentUnit } from '@codemirror/language';
import { EditorState } from '@codemirror/state';
import { Box, FormLabel } from '@mui/material';
import { Limits } from '../../shared/constants.js';
import { cspNonce } from '../cspNonce.js';

/** CodeMirror's own <style> element carries the nonce the page's Content-Security-Policy allows. */
const nonce = cspNonce();

/** A code editor (XML for XSLT, or JSON), tab size 4. */
export function CodeEditor({
  label,
  value,
  onChange,
  language,
  readOnly,
  height = '260px',
}: {
  label: string;
  value: string;
  onChange?: (value: string) => void;
  language: 'xml' | 'json';
  readOnly?: boolean;
  height?: string;
}) {
  const tab = ' '.repeat(Limits.XSLT_TAB_SIZE);
  return (
    <Box>
      <FormLabel sx={{ display: 'block', mb: 0.5, fontWeight: 600 }}>{label}</FormLabel>
      <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden' }} aria-label={label} role="group">
        <CodeMirror
          value={value}
          height={height}
          readOnly={readOnly}
          basicSetup={{ tabSize: Limits.XSLT_TAB_SIZE }}
          extensions={[
            language === 'xml' ? xml() : json(),
            indentUnit.of(tab),
            EditorState.tabSize.of(Limits.XSLT_TAB_SIZE),
            ...(nonce ? [EditorView.cspNonce.of(nonce)] : []),
          ]}
          onChange={onChange}
        />
      </Box>
    </Box>
  );
}

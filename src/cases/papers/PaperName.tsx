import { useDataProvider } from 'react-admin';
import { CaseTexts } from '../../../shared/texts/cases.js';
import type { DossierDataProvider } from '../../../dataProvider/dataProvider.js';
import { DownloadName } from '../../components/DownloadName.js';
import type { CellProps } from '../../resources/columns.js';

const T = CaseTexts;

/**
 * The Name cell of a case paper (the `casePaperName` column slot): a link that downloads the paper's file under its
 * name (spec 001 §2 "Papers"); a tracking-only entry has no file and shows its name as text. A failed download says
 * 'Unable to retrieve file.'.
 */
export default function PaperName({ record }: CellProps) {
  const dataProvider = useDataProvider<DossierDataProvider>();
  if (!record) return null;
  const name = String(record.Name ?? '');
  if (record.HasFile === false) return <>{name}</>;
  return (
    <DownloadName
      name={name}
      title={T.papers.download(name)}
      failedText={T.errors.retrieveFailed}
      fetchFile={() => dataProvider.callOperation('casePapers', 'download', Number(record.Case_Id), Number(record.Id))}
    />
  );
}

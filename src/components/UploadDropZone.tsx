import { useNotify, useRefresh } from 'react-admin';
import { failureMessage } from '../resources/writeFailure.js';
import { FileDropZone, type FileDropZoneProps } from './FileDropZone.js';

export interface UploadDropZoneProps extends Omit<FileDropZoneProps, 'onFiles'> {
  /** Sends the files in one call (a named data-provider call answering the list's records). */
  send(files: File[]): Promise<unknown>;
  /** Said after the upload ('Files were uploaded.'). */
  uploadedText: string;
}

/**
 * The drop zone of a list that takes uploads (a case's papers, an item's attachments): the files dropped or chosen go
 * in one call; then it says `uploadedText` and reads the list again. A refused upload says the server's reason (a zip
 * with unsafe entries, a file too large, a locked item).
 */
export function UploadDropZone({ send, uploadedText, ...zone }: UploadDropZoneProps) {
  const notify = useNotify();
  const refresh = useRefresh();

  const upload = async (files: File[]) => {
    try {
      const answer = await send(files);
      // An ended session answers with react-admin's empty stand-in: the sign-out says so already.
      if (!Array.isArray(answer)) return;
      notify(uploadedText, { type: 'success' });
      refresh();
    } catch (error) {
      const message = failureMessage(error);
      if (message) notify(message, { type: 'error' });
    }
  };

  return <FileDropZone {...zone} onFiles={upload} />;
}

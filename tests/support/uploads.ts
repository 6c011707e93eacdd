import yazl from 'yazl';

/** Building multipart uploads and zips for the API tests of file uploads (item-template assets, case papers). */
export interface Upload {
  name: string;
  content: Buffer | string;
  type?: string;
}

export function multipart(files: readonly Upload[]) {
  const boundary = `----dossier${Math.random().toString(16).slice(2)}`;
  const parts = files.map((file) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
          `Content-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      Buffer.from(file.content),
      Buffer.from('\r\n'),
    ]),
  );
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export type ZipEntry = [name: string, content: Buffer | string, options?: Partial<yazl.Options>];

export async function zipOf(entries: readonly ZipEntry[], folders: readonly string[] = []): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const folder of folders) zip.addEmptyDirectory(folder);
  for (const [name, content, options] of entries) zip.addBuffer(Buffer.from(content), name, options);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}


import { execFile } from 'node:child_process';
import type request from 'supertest';

/**
 * The text of a PDF, as a reader extracts it (pdf-parse, on Mozilla's pdf.js). In a Node process of
 * its own: pdf.js loads its worker with a dynamic import, which jest's module sandbox refuses.
 */
export function pdfText(bytes: Buffer): Promise<string> {
  const script = `
    import { PDFParse } from 'pdf-parse';
    const chunks = [];
    for await (const chunk of process.stdin) chunks.push(chunk);
    const parser = new PDFParse({ data: new Uint8Array(Buffer.concat(chunks)) });
    process.stdout.write((await parser.getText()).text);
    await parser.destroy();`;
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      ['--input-type=module', '-e', script],
      { cwd: __dirname, maxBuffer: 10_000_000 },
      (error, stdout, stderr) => (error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout)),
    );
    child.stdin?.end(bytes);
  });
}

/** supertest's answer body as the bytes sent. */
export const binary = (req: request.Test) =>
  req.buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });

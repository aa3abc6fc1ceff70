import "server-only";
import { drain } from "@/lib/api/body";
import { readMultipart } from "@/lib/api/multipart";
import { ApiError, BadRequestError, PayloadTooLargeError } from "@/lib/errors";

/** Multipart framing (boundaries, part headers) on top of the files' bytes. */
const FRAMING_SLACK = 1024 * 1024;

export interface UploadedFile {
  name: string;
  bytes: Uint8Array;
}

export interface FileUploadRules {
  /** The whole body (past it: 413, the rest drained). */
  maxRequestBytes: number;
  /** One plain file; an archive (`isArchive`) may take the whole body. Past it the file keeps no bytes: `tooLarge`. */
  maxFileBytes: number;
  maxFiles: number;
  isArchive: (name: string) => boolean;
  messages: {
    noFiles: string;
    requestTooLarge: string;
    tooManyFiles: string;
    unexpectedPart: (name: string) => string;
    /** A `files` part sent as text, when the route says so apart from any other unexpected part. */
    filesAsText?: string;
  };
}

/**
 * The files of the multipart parts named `files`, in memory, read as the body arrives (readMultipart): the purchase
 * import's and the SDI receipts' upload. Past the body's cap the rest is drained and the answer is a 413; a plain file
 * past its cap keeps no bytes and is listed in `tooLarge` for the route's report. Any other part, or none, is a 400.
 */
export async function readFileUploads(req: Request, rules: FileUploadRules): Promise<{ files: UploadedFile[]; tooLarge: string[] }> {
  const { messages } = rules;
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (!req.body) throw new BadRequestError(messages.noFiles);
  const reader = req.body.getReader();
  if (declared > rules.maxRequestBytes + FRAMING_SLACK) {
    await drain(reader);
    throw new PayloadTooLargeError(messages.requestTooLarge);
  }
  const stream = new ReadableStream<Uint8Array>({
    pull: async (controller) => {
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
  });
  const files: UploadedFile[] = [];
  const tooLarge: string[] = [];
  let total = 0;
  try {
    for await (const part of readMultipart(stream, req.headers.get("content-type"))) {
      if (part.name === "files" && part.filename === null && messages.filesAsText) throw new BadRequestError(messages.filesAsText);
      if (part.name !== "files" || part.filename === null) throw new BadRequestError(messages.unexpectedPart(part.name));
      if (files.length + tooLarge.length >= rules.maxFiles) throw new BadRequestError(messages.tooManyFiles);
      // a browser's empty file input sends a part without a name and without bytes: nothing chosen
      if (part.filename === "") {
        for await (const piece of part.body) if (piece.byteLength > 0) throw new BadRequestError(messages.unexpectedPart(part.name));
        continue;
      }
      // the name as the report shows it (and the stored file keeps): no folders, no control characters
      // eslint-disable-next-line no-control-regex -- exactly the characters removed
      const name = part.filename.split(/[\\/]/).pop()!.replace(/[\u0000-\u001f\u007f]/g, "").slice(0, 255) || "file";
      const cap = rules.isArchive(name) ? rules.maxRequestBytes : rules.maxFileBytes;
      const pieces: Buffer[] = [];
      let size = 0;
      for await (const piece of part.body) {
        total += piece.byteLength;
        if (total > rules.maxRequestBytes) throw new PayloadTooLargeError(messages.requestTooLarge);
        size += piece.byteLength;
        // past its cap the file keeps no bytes (the rest of the part is read and dropped)
        if (size <= cap) pieces.push(Buffer.from(piece));
        else pieces.length = 0;
      }
      if (size > cap) tooLarge.push(name);
      else files.push({ name, bytes: new Uint8Array(Buffer.concat(pieces, size)) });
    }
  } catch (err) {
    // a refused body is still read (up to a cap) so the client, still sending, gets the answer
    if (err instanceof ApiError && (err.httpStatus === 400 || err.httpStatus === 413)) await drain(reader);
    throw err;
  }
  if (files.length === 0 && tooLarge.length === 0) throw new BadRequestError(messages.noFiles);
  return { files, tooLarge };
}

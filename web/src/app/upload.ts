import type { QueryClient } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import * as F from '../../../api/contracts/files.ts';
import { MAX_FILE_BYTES } from '../../../domain/registration/rules.ts';
import type { ErrorCode } from '../../../domain/shared/errors.ts';
import { refreshSession } from '../features/session/api.ts';
import { urlOf } from '../lib/client.ts';
import { ApiError, errorCode, upload } from './api.ts';
import { useSessionStore } from './stores/session.ts';

/** Kinds of POST /api/files: the spec's CertificateFor kinds of a registration, and an event's images. */
export type FileKind =
  | 'graduation'
  | 'expertise'
  | 'volunteerWork'
  | 'otherAttachment'
  | 'personalPhoto'
  | 'idPhoto'
  | 'training'
  | 'university'
  | 'scfhs'
  | 'volunteerCertificate'
  | 'firstResponderCertificate'
  | 'eventImage'
  | 'contentImage'
  | 'contentDocument';

const IMAGE_KINDS: readonly FileKind[] = ['personalPhoto', 'idPhoto', 'eventImage', 'contentImage'];
const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'bmp'] as const;
const DOCUMENT_EXTENSIONS = [
  ...IMAGE_EXTENSIONS,
  'pdf',
  'doc',
  'docx',
  'xls',
  'xlsx',
  'ppt',
  'pptx',
  'txt',
  'zip',
  'rar',
  '7z',
] as const;

/** Photos and event images take images only (spec: jpg, jpeg, png, bmp); every other kind images and documents. */
export function isImageKind(kind: FileKind): boolean {
  return IMAGE_KINDS.includes(kind);
}

export function allowedExtensions(kind: FileKind): readonly string[] {
  return isImageKind(kind) ? IMAGE_EXTENSIONS : DOCUMENT_EXTENSIONS;
}

/** The `accept` attribute of the file picker (a hint only; the checks below and the server decide). */
export function acceptOf(kind: FileKind): string {
  return allowedExtensions(kind)
    .map((e) => `.${e}`)
    .join(',');
}

/** The same checks as the server, before anything is sent: size first, then the extension. */
export function checkFile(file: File, kind: FileKind): ErrorCode | null {
  if (file.size > MAX_FILE_BYTES) return 'FileTooLarge';
  const dot = file.name.lastIndexOf('.');
  const extension = dot < 0 ? '' : file.name.slice(dot + 1).toLowerCase();
  if (!allowedExtensions(kind).includes(extension)) return 'InvalidFileType';
  return null;
}

export { UploadedFile } from '../../../api/contracts/files.ts';

type UploadedFile = F.UploadedFile;

/** The address a stored file is read from (GET /api/files/:id decides who may). */
export function fileUrl(fileId: string): string {
  return urlOf(F.downloadFile, { params: { id: fileId } });
}

/** POST /api/files with the kind: visitors upload registration attachments too, so a CSRF token is fetched first. */
export async function uploadFile(
  queryClient: QueryClient,
  file: File,
  kind: FileKind,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<UploadedFile> {
  const problem = checkFile(file, kind);
  if (problem) throw new ApiError(422, problem);
  const signedIn = useSessionStore.getState().user !== null;
  if (!useSessionStore.getState().csrfToken) await refreshSession(queryClient);
  const body = new FormData();
  body.append('kind', kind);
  body.append('file', file, file.name);
  return upload(F.uploadFile.path, { body, schema: F.UploadedFile, onProgress, signal, sessionRules: signedIn });
}

export type UploadState =
  | { phase: 'idle' }
  | { phase: 'uploading'; name: string; progress: number }
  | { phase: 'done'; name: string }
  | { phase: 'failed'; name: string; code: ErrorCode };

/** What one upload ended with; null when it was abandoned (replaced, unmounted, or the session ended). */
export type UploadResult = { ok: true; file: UploadedFile } | { ok: false; code: ErrorCode } | null;

/**
 * One file at a time through POST /api/files: checked here first (same codes as the server), then sent with
 * progress. Starting another upload or unmounting abandons the one under way.
 */
export function useUpload(kind: FileKind) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<UploadState>({ phase: 'idle' });
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const start = useCallback(
    async (file: File): Promise<UploadResult> => {
      const problem = checkFile(file, kind);
      if (problem) {
        setState({ phase: 'failed', name: file.name, code: problem });
        return { ok: false, code: problem };
      }
      abort.current?.abort();
      const controller = new AbortController();
      abort.current = controller;
      setState({ phase: 'uploading', name: file.name, progress: 0 });
      try {
        const uploaded = await uploadFile(
          queryClient,
          file,
          kind,
          (progress) => setState({ phase: 'uploading', name: file.name, progress }),
          controller.signal,
        );
        setState({ phase: 'done', name: uploaded.name });
        return { ok: true, file: uploaded };
      } catch (e) {
        if (controller.signal.aborted || (e instanceof ApiError && e.handled)) return null;
        const code = errorCode(e);
        setState({ phase: 'failed', name: file.name, code });
        return { ok: false, code };
      }
    },
    [kind, queryClient],
  );
  const reset = useCallback(() => setState({ phase: 'idle' }), []);
  return { state, start, reset, uploading: state.phase === 'uploading' };
}

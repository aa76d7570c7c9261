/**
 * The `downloadEbook {ebookId}` action (registered in src/app/register.ts, loaded with this chunk on first use): runs
 * the book's download and shows its progress (N/M 章) in a small floating panel over whatever page started it (the
 * e-book detail page's 下载离线阅读), then the result as a toast.
 */
import { useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import type { Env } from '../../runtime/block-api';
import { DownloadIcon } from '../../runtime/icons';
import { type DownloadJob, type DownloadProgress, downloadBook } from './download';
import './ebook-reader.css';
import { ebookReader } from '../../i18n/zh-CN/ebook-reader';

const t = ebookReader;

export function DownloadToast({ progress }: { progress: DownloadProgress }) {
  const share = progress.total > 0 ? progress.done / progress.total : 0;
  return (
    <div className="er-download-float" role="status" aria-live="polite" data-testid="er-download-float">
      <span className="er-download-float-icon">
        <DownloadIcon />
      </span>
      <div className="er-download-float-body">
        <span className="er-download-float-text">{progress.total ? t.downloading(progress.done, progress.total) : t.download}</span>
        <div className="er-download-bar" role="progressbar" aria-valuemin={0} aria-valuemax={progress.total} aria-valuenow={progress.done}>
          <span style={{ width: `${Math.round(share * 100)}%` }} />
        </div>
      </div>
    </div>
  );
}

function Live({ job }: { job: DownloadJob }) {
  const progress = useSyncExternalStore(
    (fn) => job.subscribe(fn),
    () => job.progress,
  );
  return <DownloadToast progress={progress} />;
}

/** Downloads a book with a progress panel; true when every readable chapter is on the device. */
export async function downloadEbookAction(env: Env, ebookId: number): Promise<boolean> {
  if (!(ebookId > 0)) return false;
  const job = downloadBook(env, ebookId);
  const host = document.createElement('div');
  document.body.appendChild(host);
  const root = createRoot(host);
  root.render(<Live job={job} />);
  const result = await job.done;
  root.unmount();
  host.remove();
  env.toast(result.message);
  return result.status === 'done';
}

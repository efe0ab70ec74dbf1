/** The back office's start (issue 27): what waits for staff today, each a link to its queue. */
import type { AdminTranslate } from '../../../locales/admin';

export interface HomePageProps {
  at: AdminTranslate;
  /** What waits, by queue; empty in front of a remote API (its own back office runs it). */
  queues: { label: string; count: number; href: string }[];
  /** In front of a remote API: its address. */
  remoteEndpoint: string | null;
}

export function HomePage({ at, queues, remoteEndpoint }: HomePageProps) {
  return (
    <>
      <h1>{at('home.title')}</h1>
      {remoteEndpoint ? <p>{at('home.builtInOnly', { endpoint: remoteEndpoint })}</p> : null}
      {queues.length > 0 ? (
        <ul className="admin-cards">
          {queues.map((queue) => (
            <li className="admin-card" key={queue.href}>
              <a href={queue.href}>
                <span>{queue.label}</span>
                <span className="admin-card__count">{queue.count}</span>
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

/**
 * The shop's theme (spec §3), the owner's: a colour or a corner radius per key of core/theme.ts, each with
 * the stylesheet's own value beside it. A value the theme does not take is shown again with its problem,
 * and nothing is saved.
 */
import type { AdminTranslate } from '../../../locales/admin';
import { THEME_KEY_NAMES, THEME_KEYS, type ThemeKey } from '../../../core/theme';

export interface ThemePageProps {
  at: AdminTranslate;
  /** What each field shows: the stored value, or what the owner just sent when it was refused. */
  values: Record<ThemeKey, string>;
  /** The key whose value was refused, and why. */
  problem: { key: ThemeKey; text: string } | null;
}

const COLOUR_KEYS = THEME_KEY_NAMES.filter((key) => THEME_KEYS[key].kind === 'colour');
const RADIUS_KEYS = THEME_KEY_NAMES.filter((key) => THEME_KEYS[key].kind === 'radius');

function Field({
  at,
  name,
  value,
  problem,
}: {
  at: AdminTranslate;
  name: ThemeKey;
  value: string;
  problem: string | null;
}) {
  const rule = THEME_KEYS[name];
  const id = `theme-${name}`;
  const radius = rule.kind === 'radius';
  return (
    <label htmlFor={id}>
      {at(`theme.key.${name}`)}
      <input
        id={id}
        name={name}
        type="text"
        defaultValue={radius ? value.replace(/px$/, '') : value}
        required
        maxLength={7}
        spellCheck={false}
        autoComplete="off"
        inputMode={radius ? 'numeric' : 'text'}
        pattern={radius ? '\\d{1,2}' : '#[0-9a-fA-F]{6}|#[0-9a-fA-F]{3}'}
        aria-invalid={problem ? true : undefined}
        aria-describedby={`${id}-hint`}
      />
      <small id={`${id}-hint`}>
        {radius ? `${at('theme.pixels', { max: 'max' in rule ? rule.max : 0 })} · ` : ''}
        {at('theme.standard', { value: rule.default })}
      </small>
      {problem ? <strong className="admin-field-error">{problem}</strong> : null}
    </label>
  );
}

export function ThemePage({ at, values, problem }: ThemePageProps) {
  const field = (key: ThemeKey) => (
    <Field key={key} at={at} name={key} value={values[key]} problem={problem?.key === key ? problem.text : null} />
  );
  return (
    <>
      <h1>{at('theme.title')}</h1>
      <p>{at('theme.intro')}</p>
      <p className="admin-muted">{at('theme.contrast')}</p>
      <form className="admin-form admin-panel admin-theme" method="post" action="/admin/theme" noValidate>
        <fieldset className="admin-theme__group">
          <legend>{at('theme.colours')}</legend>
          <div className="admin-theme__fields">{COLOUR_KEYS.map(field)}</div>
        </fieldset>
        <fieldset className="admin-theme__group">
          <legend>{at('theme.corners')}</legend>
          <div className="admin-theme__fields">{RADIUS_KEYS.map(field)}</div>
        </fieldset>
        <button className="admin-button admin-button--primary" type="submit">
          {at('theme.save')}
        </button>
      </form>
      <form className="admin-form" method="post" action="/admin/theme/reset">
        <button className="admin-button" type="submit">
          {at('theme.reset')}
        </button>
      </form>
    </>
  );
}

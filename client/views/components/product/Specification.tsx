/** The product's specification: its parameter groups (spec §3), only the parameters marked `show`. */
import { useShop } from '../ShopContext';
import type { ParameterGroupData } from './types';

export function Specification({ groups }: { groups: readonly ParameterGroupData[] }) {
  const { t } = useShop();
  const shown = groups
    .map((group) => ({
      ...group,
      parameters: (group.parameters ?? []).filter((parameter) => parameter.show && parameter.value),
    }))
    .filter((group) => group.parameters.length > 0);
  if (shown.length === 0) return null;
  return (
    <section className="product-section" aria-labelledby="product-specification">
      <h2 id="product-specification" className="product-section__title">
        {t('productPage.specification')}
      </h2>
      <table className="spec-table">
        {shown.map((group) => {
          const [first] = group.parameters;
          // A group of one parameter named as the group ('Färg': 'Färg') needs no heading of its own.
          const heading = group.parameters.length > 1 || (first?.label ?? first?.name) !== group.name;
          return (
            <tbody key={group.parameterGroupId}>
              {heading && group.name && (
                <tr>
                  <th className="spec-table__group" colSpan={2} scope="rowgroup">
                    {group.name}
                  </th>
                </tr>
              )}
              {group.parameters.map((parameter) => (
                <tr key={parameter.identifier ?? parameter.name}>
                  <th scope="row">{parameter.label ?? parameter.name}</th>
                  <td>{parameter.value}</td>
                </tr>
              ))}
            </tbody>
          );
        })}
      </table>
    </section>
  );
}

/** The product's main text; blank lines separate its paragraphs. */
export function Description({ text }: { text: string }) {
  const { t } = useShop();
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
  return (
    <section className="product-section" aria-labelledby="product-description">
      <h2 id="product-description" className="product-section__title">
        {t('productPage.description')}
      </h2>
      <div className="product-description">
        {paragraphs.map((paragraph, index) => (
          <p key={index}>{paragraph}</p>
        ))}
      </div>
    </section>
  );
}

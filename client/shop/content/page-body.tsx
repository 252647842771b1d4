import type { PageBlock, PageValue } from '../../../schema/shop/page';
import { blockProducts } from '../../../schema/shop/page-products';
import { ProductGrid } from '../catalog/product-card';
import { useProductsOnSale } from '../catalog/use-products';

/** A block's text as paragraphs: a blank line starts a new one. Text only: whatever was typed is shown, never run. */
const Paragraphs = ({ text }: { text: string }) => (
  <>
    {text
      .split(/\n\s*\n/)
      .filter((p) => p.trim())
      .map((p, i) => (
        <p key={i} className="page-text">
          {p}
        </p>
      ))}
  </>
);

const ProductsBlock = ({ block }: { block: Extract<PageBlock, { kind: 'products' }> }) => {
  const onSale = useProductsOnSale();
  const items = onSale && blockProducts(block, onSale);
  if (!items?.length) return null;
  return (
    <section className="page-products">
      {block.heading && <h2>{block.heading}</h2>}
      <ProductGrid products={items} />
    </section>
  );
};

const Block = ({ block }: { block: PageBlock }) => {
  switch (block.kind) {
    case 'heading':
      return <h2>{block.text}</h2>;
    case 'text':
      return <Paragraphs text={block.text} />;
    case 'image':
      return <img className="page-image" src={block.src} alt={block.alt} loading="lazy" />;
    case 'products':
      return <ProductsBlock block={block} />;
    case 'cta':
      return (
        <section className="page-cta">
          {block.text && <p>{block.text}</p>}
          <a className="button" href={block.href}>
            {block.label}
          </a>
        </section>
      );
  }
};

/**
 * A page's content as the storefront shows it: the title, the lead, the sections and the blocks. The page editors'
 * preview is this same component, so what the editor shows is what shoppers and bots get.
 */
export const PageBody = ({ value }: { value: PageValue }) => (
  <article className="content">
    <h1>{value.title}</h1>
    {value.description && <p className="lead">{value.description}</p>}
    {value.sections.map((s, i) => (
      <section key={i}>
        {s.heading && <h2>{s.heading}</h2>}
        <p>{s.text}</p>
      </section>
    ))}
    {value.blocks.map((b, i) => (
      <Block key={i} block={b} />
    ))}
  </article>
);

import { Link } from '@tanstack/react-router';
import { posifloraSchemas } from '../../../../schema/studio/reports/posiflora-mapping';
import './posiflora.css';

/** /admin/posiflora/schemas: how each Posiflora type and field lands in the shop, from the import's own table. */
export const PosifloraSchemasPage = () => (
  <section className="record-screen posiflora-page">
    <h1>Схемы Posiflora</h1>
    <p>
      <Link to="/admin/posiflora">К переносу</Link>
    </p>
    {posifloraSchemas.map((s) => (
      <section key={s.kind} aria-label={s.theirs}>
        <h2>
          {s.theirs} → {s.ours}
        </h2>
        <table className="posiflora-page__log">
          <thead>
            <tr>
              <th>Поле Posiflora</th>
              <th>У нас</th>
            </tr>
          </thead>
          <tbody>
            {s.fields.map((f) => (
              <tr key={f.theirs}>
                <td>
                  <code>{f.theirs}</code>
                </td>
                <td>{f.ours}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    ))}
  </section>
);

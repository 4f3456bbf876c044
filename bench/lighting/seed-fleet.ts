import type pg from 'pg';

/**
 * The bench fleet of `fleet()` (bench/field/fleet.ts) written by the database itself: its controllers, one lamp
 * module per mounting, each mounting's socket holding its module. A million rows through the server's seeder take
 * half an hour; the program service reads only these columns.
 */
export async function seedFleet(
  pool: pg.Pool,
  at: {
    group: number;
    city: number;
    network: number;
    controllers: number;
    perController: number;
    /** a lamp on every module, in its mounting, in service for a year (availability counts lamps) */
    lamps?: boolean;
  },
) {
  const hex = (expr: string, digits: number) => `lpad(upper(to_hex(${expr})), ${digits}, '0')`;
  const net = hex(String(at.network), 4);
  await pool.query(
    `insert into controllers (mac, uid, "group", city)
     select '0243' || ${net} || ${hex('c', 4)}, 'B-' || (c + 1) || '-C', $1, $2 from generate_series(0, $3::int - 1) c`,
    [at.group, at.city, at.controllers],
  );
  await pool.query(
    `insert into luminary_modules (mac, controller, "group", city)
     select '024D' || ${net} || ${hex('i', 8)}, c._id, $1, $2
     from generate_series(0, $3::int * $4::int - 1) i
     join controllers c on c.mac = '0243' || ${net} || ${hex('i / $4::int', 4)}`,
    [at.group, at.city, at.controllers, at.perController],
  );
  await pool.query(
    `insert into luminary_supports (uid, "group", city, socket_count, sockets)
     select 'B-P' || m._id, $1, $2, 1, jsonb_build_array(jsonb_build_object('luminaryModule', m._id))
     from luminary_modules m where m."group" = $1`,
    [at.group, at.city],
  );
  if (at.lamps)
    await pool.query(
      `insert into luminaries (uid, "group", support, control_module, installation_date)
       select 'B-L' || m._id, $1, s._id, m._id, current_date - 365
       from luminary_modules m join luminary_supports s on s.uid = 'B-P' || m._id where m."group" = $1`,
      [at.group],
    );
  await pool.query('vacuum analyze');
}

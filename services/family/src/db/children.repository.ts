import type { Queryable } from '@bracelet/service-kit';

export type ChildFields = {
  firstName: string;
  surname: string;
  birthDate: string;
  emergencyFirstName: string;
  emergencySurname: string;
  emergencyPhone: string;
  relationship: string;
};
/** What a finder may see of the child. */
export type FinderPrivacy = { showSurname: boolean; showPhoto: boolean; showAge: boolean };
export type Child = ChildFields & { id: string; parentId: string; photoId: string | null; privacy: FinderPrivacy };

type ChildRow = {
  id: string;
  parent_id: string;
  first_name: string;
  surname: string;
  birth_date: string;
  photo_id: string | null;
  emergency_first_name: string;
  emergency_surname: string;
  emergency_phone: string;
  relationship: string;
  show_surname: boolean;
  show_photo: boolean;
  show_age: boolean;
};

const columns = `id, parent_id, first_name, surname, to_char(birth_date, 'YYYY-MM-DD') AS birth_date, photo_id,
  emergency_first_name, emergency_surname, emergency_phone, relationship, show_surname, show_photo, show_age`;

const toChild = (row: ChildRow): Child => ({
  id: row.id,
  parentId: row.parent_id,
  firstName: row.first_name,
  surname: row.surname,
  birthDate: row.birth_date,
  photoId: row.photo_id,
  emergencyFirstName: row.emergency_first_name,
  emergencySurname: row.emergency_surname,
  emergencyPhone: row.emergency_phone,
  relationship: row.relationship,
  privacy: { showSurname: row.show_surname, showPhoto: row.show_photo, showAge: row.show_age },
});

/** The editable columns, in the order both INSERT and UPDATE list them. */
const fieldValues = (fields: ChildFields, photoId: string | null) => [
  fields.firstName,
  fields.surname,
  fields.birthDate,
  photoId,
  fields.emergencyFirstName,
  fields.emergencySurname,
  fields.emergencyPhone,
  fields.relationship,
];

export function createChildRepository(db: Queryable) {
  return {
    async insert(parentId: string, fields: ChildFields, photoId: string | null): Promise<Child> {
      const { rows } = await db.query<ChildRow>(
        `INSERT INTO children (id, parent_id, first_name, surname, birth_date, photo_id, emergency_first_name,
           emergency_surname, emergency_phone, relationship)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING ${columns}`,
        [globalThis.crypto.randomUUID(), parentId, ...fieldValues(fields, photoId)],
      );
      return toChild(rows[0] as ChildRow);
    },

    async update(id: string, fields: ChildFields, photoId: string | null): Promise<Child> {
      const { rows } = await db.query<ChildRow>(
        `UPDATE children SET first_name = $2, surname = $3, birth_date = $4, photo_id = $5, emergency_first_name = $6,
           emergency_surname = $7, emergency_phone = $8, relationship = $9, updated_at = now()
         WHERE id = $1 RETURNING ${columns}`,
        [id, ...fieldValues(fields, photoId)],
      );
      return toChild(rows[0] as ChildRow);
    },

    /** The child, only if it belongs to `parentId`. */
    async findOwned(id: string, parentId: string): Promise<Child | undefined> {
      const { rows } = await db.query<ChildRow>(`SELECT ${columns} FROM children WHERE id = $1 AND parent_id = $2`, [id, parentId]);
      return rows[0] ? toChild(rows[0]) : undefined;
    },

    /** The child, only if it belongs to `parentId`, locked until the transaction ends. */
    async lockOwned(id: string, parentId: string): Promise<Child | undefined> {
      const { rows } = await db.query<ChildRow>(`SELECT ${columns} FROM children WHERE id = $1 AND parent_id = $2 FOR UPDATE`, [
        id,
        parentId,
      ]);
      return rows[0] ? toChild(rows[0]) : undefined;
    },

    async listByParent(parentId: string): Promise<Child[]> {
      const { rows } = await db.query<ChildRow>(`SELECT ${columns} FROM children WHERE parent_id = $1 ORDER BY created_at, id`, [parentId]);
      return rows.map(toChild);
    },

    async updatePrivacy(id: string, privacy: FinderPrivacy): Promise<Child> {
      const { rows } = await db.query<ChildRow>(
        `UPDATE children SET show_surname = $2, show_photo = $3, show_age = $4, updated_at = now() WHERE id = $1 RETURNING ${columns}`,
        [id, privacy.showSurname, privacy.showPhoto, privacy.showAge],
      );
      return toChild(rows[0] as ChildRow);
    },

    async delete(id: string): Promise<void> {
      await db.query('DELETE FROM children WHERE id = $1', [id]);
    },
  };
}
export type ChildRepository = ReturnType<typeof createChildRepository>;

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ItemType, ItemTypeAsset } from '../../shared/api/configuration.js';
import { startTestApp, type TestApp } from '../support/testApp.js';
import { multipart, zipOf, type Upload, type ZipEntry } from '../support/uploads.js';

let t: TestApp;
let admin: string;
let investigator: string;
/** Latest version id of each demo section template, by name. */
const section = new Map<string, number>();

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.signIn('caseadmin');
  investigator = await t.signIn('investigator');
  for (const s of (await t.call(admin, { method: 'GET', url: '/api/sections' })).json() as { Id: number; SectionName: string }[]) {
    section.set(s.SectionName, s.Id);
  }
});
afterAll(() => t.close());

const itemTypes = async (): Promise<ItemType[]> => (await t.call(admin, { method: 'GET', url: '/api/item-types' })).json();
const create = (payload: object, token = admin) => t.call(token, { method: 'POST', url: '/api/item-types', payload });
const sectionNames = (type: ItemType) => type.Sections.map((s) => `${s.DisplayOrder}:${s.SectionName}`);

describe('reading item templates', () => {
  it('lists every item template by name with its sections in order and its assets', async () => {
    const rows = await itemTypes();
    expect(rows.map((r) => r.Name)).toEqual([...rows.map((r) => r.Name)].sort());
    const residence = rows.find((r) => r.Name === 'Residence Check')!;
    expect(residence).toMatchObject({ Description: 'Verification of Residence', Hidden: false, Assets: [] });
    expect(residence.Sections).toEqual([
      { Id: section.get('Residence Verification'), SectionId: section.get('Residence Verification'), SectionName: 'Residence Verification', Version: 1, Required: true, DisplayOrder: 1 },
      { Id: section.get('Reference Interview'), SectionId: section.get('Reference Interview'), SectionName: 'Reference Interview', Version: 1, Required: false, DisplayOrder: 2 },
    ]);
    expect(rows.find((r) => r.Name === 'Credit Check')!.Hidden).toBe(true);
  });

  it('is refused to a user without item template permissions', async () => {
    expect((await t.call(investigator, { method: 'GET', url: '/api/item-types' })).statusCode).toBe(403);
  });
});

describe('creating and editing item templates', () => {
  it('creates an item template with its sections in the order sent', async () => {
    const response = await create({
      Name: ' Neighbourhood Check ',
      Description: 'Neighbourhood Canvass',
      Sections: [
        { SectionId: section.get('Reference Interview'), Required: true },
        { SectionId: section.get('Residence Verification') },
      ],
    });
    expect(response.statusCode).toBe(200);
    const created: ItemType = response.json();
    expect(created).toMatchObject({ Name: 'Neighbourhood Check', Description: 'Neighbourhood Canvass', Hidden: false, Assets: [] });
    expect(created.Sections.map((s) => [s.SectionName, s.Required, s.DisplayOrder])).toEqual([
      ['Reference Interview', true, 1],
      ['Residence Verification', false, 2],
    ]);
  });

  it('requires name and header, and enabled sections; stores nothing otherwise', async () => {
    const before = (await itemTypes()).length;
    const missing = await create({ Name: '', Sections: [] });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().ModelState).toEqual({
      Name: ['Item Template Name is required.'],
      Description: ['Item Template Header is required.'],
    });
    const disabledId = section.get('Education Verification')!;
    await t.call(admin, { method: 'DELETE', url: `/api/sections/${disabledId}` });
    const badSections = await create({
      Name: 'X',
      Description: 'Y',
      Sections: [{ SectionId: disabledId }, { SectionId: 999999 }, { SectionId: section.get('Employment Verification') }, { SectionId: section.get('Employment Verification') }],
    });
    await t.call(admin, { method: 'DELETE', url: `/api/sections/${disabledId}` });
    expect(badSections.statusCode).toBe(400);
    expect(badSections.json().ModelState).toEqual({
      'Sections[0].SectionId': ['This section template is disabled.'],
      'Sections[1].SectionId': ['There is no such section template.'],
      'Sections[3].SectionId': ['This section is already part of the item template.'],
    });
    expect((await itemTypes()).length).toBe(before);
  });

  it('renames an item template and sets Required flags of its sections', async () => {
    const type = (await itemTypes()).find((r) => r.Name === 'Neighbourhood Check')!;
    const response = await t.call(admin, {
      method: 'PATCH',
      url: `/api/item-types/${type.Id}`,
      payload: { ...type, Name: 'Neighborhood Check', Sections: [{ SectionId: section.get('Residence Verification'), Required: true }] },
    });
    expect(response.statusCode).toBe(200);
    const updated: ItemType = response.json();
    expect(updated.Name).toBe('Neighborhood Check');
    expect(updated.Sections.map((s) => [s.SectionName, s.Required])).toEqual([
      ['Reference Interview', true],
      ['Residence Verification', true],
    ]);
    const foreign = await t.call(admin, {
      method: 'PATCH',
      url: `/api/item-types/${type.Id}`,
      payload: { Name: 'Z', Description: 'Z', Sections: [{ SectionId: section.get('Employment Verification'), Required: true }] },
    });
    expect(foreign.json().ModelState).toEqual({ 'Sections[0].SectionId': ['This section is not part of the item template.'] });
    const blank = await t.call(admin, { method: 'PATCH', url: `/api/item-types/${type.Id}`, payload: { Name: ' ', Description: 'Z' } });
    expect(blank.json().ModelState).toEqual({ Name: ['Item Template Name is required.'] });
    expect((await itemTypes()).find((r) => r.Id === type.Id)!.Name).toBe('Neighborhood Check');
  });

  it('refuses a name another item template has, in any letter case; keeping its own name is fine', async () => {
    const [first, second] = await itemTypes();
    const before = await itemTypes();
    const taken = await create({ Name: ` ${first.Name.toUpperCase()} `, Description: 'Another header', Sections: [] });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().ModelState).toEqual({ Name: ['An item template with this name already exists.'] });
    const renamed = await t.call(admin, { method: 'PATCH', url: `/api/item-types/${second.Id}`, payload: { Name: first.Name.toLowerCase(), Description: second.Description } });
    expect(renamed.json().ModelState).toEqual({ Name: ['An item template with this name already exists.'] });
    expect(await itemTypes()).toEqual(before);
    const kept = await t.call(admin, { method: 'PATCH', url: `/api/item-types/${second.Id}`, payload: { Name: second.Name, Description: 'New header' } });
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toMatchObject({ Name: second.Name, Description: 'New header' });
  });

  it('disables and enables an item template', async () => {
    const type = (await itemTypes()).find((r) => r.Name === 'Neighborhood Check')!;
    const hidden = await t.call(admin, { method: 'DELETE', url: `/api/item-types/${type.Id}` });
    expect(hidden.json()).toMatchObject({ Id: type.Id, Hidden: true });
    const shown = await t.call(admin, { method: 'DELETE', url: `/api/item-types/${type.Id}` });
    expect(shown.json()).toMatchObject({ Id: type.Id, Hidden: false });
    expect((await t.call(admin, { method: 'DELETE', url: '/api/item-types/999999' })).statusCode).toBe(404);
  });
});

describe('sections of an item template', () => {
  let type: ItemType;
  beforeAll(async () => {
    type = (await create({ Name: 'Ordered', Description: 'Ordered sections', Sections: [{ SectionId: section.get('Subject Interview') }] })).json();
  });

  it('appends a section at the end', async () => {
    for (const name of ['Employment Verification', 'Law Enforcement Record Check']) {
      const response = await t.call(admin, { method: 'POST', url: `/api/item-types/${type.Id}/sections`, payload: { SectionId: section.get(name), Required: true } });
      expect(response.statusCode).toBe(200);
    }
    const updated: ItemType = (await itemTypes()).find((r) => r.Id === type.Id)!;
    expect(sectionNames(updated)).toEqual(['1:Subject Interview', '2:Employment Verification', '3:Law Enforcement Record Check']);
    expect(updated.Sections.map((s) => s.Required)).toEqual([false, true, true]);
  });

  it('refuses a section already added, a missing, unknown or disabled one', async () => {
    const url = `/api/item-types/${type.Id}/sections`;
    const again = await t.call(admin, { method: 'POST', url, payload: { SectionId: section.get('Subject Interview') } });
    expect(again.json().ModelState).toEqual({ SectionId: ['This section is already part of the item template.'] });
    const none = await t.call(admin, { method: 'POST', url, payload: { Required: true } });
    expect(none.json().ModelState).toEqual({ SectionId: ['Section is required.'] });
    const unknown = await t.call(admin, { method: 'POST', url, payload: { SectionId: 999999 } });
    expect(unknown.json().ModelState).toEqual({ SectionId: ['There is no such section template.'] });
    const disabledId = section.get('Education Verification')!;
    await t.call(admin, { method: 'DELETE', url: `/api/sections/${disabledId}` });
    const disabled = await t.call(admin, { method: 'POST', url, payload: { SectionId: disabledId } });
    await t.call(admin, { method: 'DELETE', url: `/api/sections/${disabledId}` });
    expect(disabled.json().ModelState).toEqual({ SectionId: ['This section template is disabled.'] });
    expect((await itemTypes()).find((r) => r.Id === type.Id)!.Sections.length).toBe(3);
  });

  it('sets the Required flag of one section', async () => {
    const response = await t.call(admin, {
      method: 'POST',
      url: `/api/item-types/${type.Id}/sections/${section.get('Subject Interview')}`,
      payload: { Required: true },
    });
    expect(response.statusCode).toBe(200);
    expect((response.json() as ItemType).Sections[0]).toMatchObject({ SectionName: 'Subject Interview', Required: true });
    const missing = await t.call(admin, { method: 'POST', url: `/api/item-types/${type.Id}/sections/999999`, payload: { Required: true } });
    expect(missing.statusCode).toBe(404);
  });

  it('swaps two sections and answers the new display orders by section id', async () => {
    const subject = section.get('Subject Interview')!;
    const employment = section.get('Employment Verification')!;
    const law = section.get('Law Enforcement Record Check')!;
    const response = await t.call(admin, {
      method: 'PUT',
      url: `/api/item-types/${type.Id}/sections/swap`,
      payload: { SwapFromSection_Id: employment, SwapToSection_Id: subject },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ [employment]: 1, [subject]: 2, [law]: 3 });
    expect(sectionNames((await itemTypes()).find((r) => r.Id === type.Id)!)).toEqual([
      '1:Employment Verification', '2:Subject Interview', '3:Law Enforcement Record Check',
    ]);
    const foreign = await t.call(admin, {
      method: 'PUT',
      url: `/api/item-types/${type.Id}/sections/swap`,
      payload: { SwapFromSection_Id: subject, SwapToSection_Id: 999999 },
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().ModelState).toEqual({ SwapToSection_Id: ['This section is not part of the item template.'] });
  });

  it('removes a section, renumbers the rest and answers the item template', async () => {
    const response = await t.call(admin, { method: 'DELETE', url: `/api/item-types/${type.Id}/sections/${section.get('Employment Verification')}` });
    expect(response.statusCode).toBe(200);
    expect(sectionNames(response.json())).toEqual(['1:Subject Interview', '2:Law Enforcement Record Check']);
    const again = await t.call(admin, { method: 'DELETE', url: `/api/item-types/${type.Id}/sections/${section.get('Employment Verification')}` });
    expect(again.statusCode).toBe(404);
  });

  it('gates every change by its permission, and nothing changes', async () => {
    const before = await itemTypes();
    const subject = section.get('Subject Interview')!;
    const attempts = [
      { method: 'POST' as const, url: '/api/item-types', payload: { Name: 'Sneaky', Description: 'Sneaky' } },
      { method: 'PATCH' as const, url: `/api/item-types/${type.Id}`, payload: { Name: 'Sneaky', Description: 'Sneaky' } },
      { method: 'DELETE' as const, url: `/api/item-types/${type.Id}` },
      { method: 'POST' as const, url: `/api/item-types/${type.Id}/sections`, payload: { SectionId: section.get('Reference Interview') } },
      { method: 'POST' as const, url: `/api/item-types/${type.Id}/sections/${subject}`, payload: { Required: false } },
      { method: 'DELETE' as const, url: `/api/item-types/${type.Id}/sections/${subject}` },
      { method: 'PUT' as const, url: `/api/item-types/${type.Id}/sections/swap`, payload: { SwapFromSection_Id: subject, SwapToSection_Id: subject } },
    ];
    for (const token of [investigator, await t.signIn('client')]) {
      for (const attempt of attempts) expect((await t.call(token, attempt)).statusCode, `${attempt.method} ${attempt.url}`).toBe(403);
    }
    expect(await itemTypes()).toEqual(before);
  });
});

// ---- assets ------------------------------------------------------------------------------------------------------

/** yazl refuses unsafe names, so the test writes a same-length placeholder and patches the bytes. */
function renamed(zip: Buffer, from: string, to: string): Buffer {
  expect(from.length).toBe(to.length);
  return Buffer.from(zip.toString('latin1').split(from).join(to), 'latin1');
}

/** The keys of item-template assets in the file storage (on disk or in S3, as the tier keeps them). */
async function storedFiles(): Promise<string[]> {
  return t.files.keys('item-type-assets');
}

describe('assets of an item template', () => {
  let type: ItemType;
  let assetsUrl: string;
  const upload = (files: readonly Upload[], token = admin) => t.call(token, { method: 'POST', url: assetsUrl, ...multipart(files) });
  const assets = async (): Promise<ItemTypeAsset[]> => (await t.call(admin, { method: 'GET', url: assetsUrl })).json();

  beforeAll(async () => {
    type = (await create({ Name: 'With Assets', Description: 'Assets' })).json();
    assetsUrl = `/api/item-types/${type.Id}/assets`;
  });

  it('stores uploaded files and extracts zips (folders flattened, folder entries ignored)', async () => {
    const zip = await zipOf([['guide/readme.txt', 'read me'], ['guide/forms/consent.pdf', '%PDF-1.4 consent']], ['guide/', 'guide/forms/']);
    const response = await upload([
      { name: 'Release Form.pdf', content: '%PDF-1.4 release', type: 'application/pdf' },
      { name: 'bundle.zip', content: zip, type: 'application/zip' },
    ]);
    expect(response.statusCode).toBe(200);
    const list: ItemTypeAsset[] = response.json();
    expect(list.map((a) => [a.Name, a.FileName])).toEqual([
      ['Release Form.pdf', 'Release Form.pdf'],
      ['readme.txt', 'readme.txt'],
      ['consent.pdf', 'consent.pdf'],
    ]);
    expect(new Date(list[0].CreatedDate).getTime()).not.toBeNaN();
    expect(await assets()).toEqual(list);
    expect((await storedFiles()).length).toBe(3);
    expect((await itemTypes()).find((r) => r.Id === type.Id)!.Assets).toEqual(list);
  });

  it('downloads an asset under its name', async () => {
    const release = (await assets()).find((a) => a.Name === 'Release Form.pdf')!;
    // Whoever works items gets the forms their item template ships (the item page's downloads); others do not.
    expect((await t.call(investigator, { method: 'GET', url: `${assetsUrl}/${release.Id}` })).statusCode).toBe(200);
    const partner = await t.signIn('palmetto');
    expect((await t.call(partner, { method: 'GET', url: `${assetsUrl}/${release.Id}` })).statusCode).toBe(403);
    const download = await t.call(admin, { method: 'GET', url: `${assetsUrl}/${release.Id}` });
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe('%PDF-1.4 release');
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe(`attachment; filename="Release Form.pdf"; filename*=UTF-8''Release%20Form.pdf`);
  });

  it('renames an asset, keeping the extension for downloads; an empty name is ignored', async () => {
    const readme = (await assets()).find((a) => a.Name === 'readme.txt')!;
    const renamedAsset = await t.call(admin, { method: 'PUT', url: `${assetsUrl}/${readme.Id}/${encodeURIComponent('Read Me – first')}`, payload: {} });
    expect(renamedAsset.statusCode).toBe(200);
    expect(renamedAsset.json()).toEqual({ ...readme, Name: 'Read Me – first' });
    const download = await t.call(admin, { method: 'GET', url: `${assetsUrl}/${readme.Id}` });
    expect(download.body).toBe('read me');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="Read Me _ first.txt"; filename*=UTF-8''Read%20Me%20%E2%80%93%20first.txt`,
    );
    const blank = await t.call(admin, { method: 'PUT', url: `${assetsUrl}/${readme.Id}/%20%20`, payload: {} });
    expect(blank.statusCode).toBe(200);
    expect(blank.json().Name).toBe('Read Me – first');
    expect((await assets()).find((a) => a.Id === readme.Id)!.Name).toBe('Read Me – first');
  });

  it('deletes an asset and its file', async () => {
    const consent = (await assets()).find((a) => a.Name === 'consent.pdf')!;
    const filesBefore = (await storedFiles()).length;
    const response = await t.call(admin, { method: 'DELETE', url: `${assetsUrl}/${consent.Id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(consent);
    expect((await assets()).some((a) => a.Id === consent.Id)).toBe(false);
    expect((await storedFiles()).length).toBe(filesBefore - 1);
    expect((await t.call(admin, { method: 'GET', url: `${assetsUrl}/${consent.Id}` })).statusCode).toBe(404);
  });

  it('answers 404 for an asset of another item template', async () => {
    const asset = (await assets())[0];
    const other = (await itemTypes()).find((r) => r.Name === 'Residence Check')!;
    expect((await t.call(admin, { method: 'GET', url: `/api/item-types/${other.Id}/assets/${asset.Id}` })).statusCode).toBe(404);
    expect((await t.call(admin, { method: 'DELETE', url: `/api/item-types/${other.Id}/assets/${asset.Id}` })).statusCode).toBe(404);
  });

  describe('hostile or oversized uploads store nothing', () => {
    const refused = async (files: readonly Upload[], message: string) => {
      const before = { rows: await assets(), files: await storedFiles() };
      const response = await upload(files);
      expect(response.statusCode).toBe(400);
      expect(response.json().Message).toBe(message);
      expect(await assets()).toEqual(before.rows);
      expect(await storedFiles()).toEqual(before.files);
    };
    const harmless: Upload = { name: 'harmless.txt', content: 'harmless' };

    it('refuses a zip with an entry outside its folder, even after a good file', async () => {
      const zip = renamed(await zipOf([['ok.txt', 'ok'], ['xx/evil.txt', 'evil']]), 'xx/evil.txt', '../evil.txt');
      await refused([harmless, { name: 'evil.zip', content: zip }], 'The zip file evil.zip contains an unsafe entry (../evil.txt); nothing was uploaded.');
    });

    it('refuses absolute paths and symlinks', async () => {
      const absolute = renamed(await zipOf([['xetc/passwd', 'root']]), 'xetc/passwd', '/etc/passwd');
      await refused([{ name: 'abs.zip', content: absolute }], 'The zip file abs.zip contains an unsafe entry (/etc/passwd); nothing was uploaded.');
      const link = await zipOf([['ok.txt', 'ok'], ['link', '/etc/passwd', { mode: 0o120777 }]]);
      await refused([{ name: 'link.zip', content: link }], 'The zip file link.zip contains an unsafe entry (link); nothing was uploaded.');
    });

    it('refuses a zip with too many entries', async () => {
      const zip = await zipOf(Array.from({ length: 201 }, (_, i): ZipEntry => [`f${i}.txt`, `${i}`]));
      await refused([{ name: 'many.zip', content: zip }], 'The zip file many.zip has more than 200 entries; nothing was uploaded.');
    });

    it('refuses a zip entry over the size limit, and an upload over the total limit', async () => {
      const big = await zipOf([['ok.txt', 'ok'], ['big.bin', Buffer.alloc(50 * 1024 * 1024 + 1)]]);
      await refused([{ name: 'big.zip', content: big }], 'The entry big.bin of big.zip is larger than 50 MB; nothing was uploaded.');
      const chunk = Buffer.alloc(45 * 1024 * 1024);
      const many = await zipOf(Array.from({ length: 5 }, (_, i): ZipEntry => [`part${i}.bin`, chunk]));
      await refused([harmless, { name: 'many.zip', content: many }], 'The upload holds more than 200 MB of files; nothing was uploaded.');
    }, 60_000);

    it('refuses a broken zip and an upload without files', async () => {
      await refused([{ name: 'broken.zip', content: 'not a zip at all' }], 'The file broken.zip is not a readable zip archive.');
      await refused([], 'Choose at least one file to upload.');
      const json = await t.call(admin, { method: 'POST', url: assetsUrl, payload: { file: 'x' } });
      expect(json.statusCode).toBe(400);
      expect(json.json().Message).toBe('Choose at least one file to upload.');
    });
  });

  it('lets only item template editors change assets', async () => {
    const before = { rows: await assets(), files: await storedFiles() };
    const asset = before.rows[0];
    for (const token of [investigator, await t.signIn('client')]) {
      expect((await upload([{ name: 'x.txt', content: 'x' }], token)).statusCode).toBe(403);
      expect((await t.call(token, { method: 'GET', url: assetsUrl })).statusCode).toBe(403);
      expect((await t.call(token, { method: 'DELETE', url: `${assetsUrl}/${asset.Id}` })).statusCode).toBe(403);
      expect((await t.call(token, { method: 'PUT', url: `${assetsUrl}/${asset.Id}/sneaky`, payload: {} })).statusCode).toBe(403);
    }
    expect(await assets()).toEqual(before.rows);
    expect(await storedFiles()).toEqual(before.files);
  });
});

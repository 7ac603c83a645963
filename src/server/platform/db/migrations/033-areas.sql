-- Areas are data (docs/catalog.md, "Areas"; docs/decisions/053): one list with an English and an
-- Arabic name for each, kept by the team, which the vendor application form, the venue editor and
-- the /gyms area filter choose from. Before this, a venue's and an application's area were free
-- text: «السيف» and "Seef" were two areas in the filter, and the venue in «السيف» was not found
-- under Seef.
CREATE TABLE areas (
  id text PRIMARY KEY CHECK (id ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND length(id) <= 60),
  name_en text NOT NULL CHECK (length(btrim(name_en)) BETWEEN 1 AND 60),
  name_ar text NOT NULL CHECK (length(btrim(name_ar)) BETWEEN 1 AND 60),
  -- An inactive area is no longer offered to choose; the venues and applications in it keep it.
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX areas_name_en_key ON areas (lower(name_en));
CREATE UNIQUE INDEX areas_name_ar_key ON areas (name_ar);

INSERT INTO areas (id, name_en, name_ar) VALUES
  ('manama', 'Manama', 'المنامة'),
  ('seef', 'Seef', 'السيف'),
  ('juffair', 'Juffair', 'الجفير'),
  ('adliya', 'Adliya', 'العدلية'),
  ('hoora', 'Hoora', 'الحورة'),
  ('gudaibiya', 'Gudaibiya', 'القضيبية'),
  ('um-al-hassam', 'Um Al Hassam', 'أم الحصم'),
  ('sanabis', 'Sanabis', 'السنابس'),
  ('salmaniya', 'Salmaniya', 'السلمانية'),
  ('diplomatic-area', 'Diplomatic Area', 'المنطقة الدبلوماسية'),
  ('bahrain-bay', 'Bahrain Bay', 'خليج البحرين'),
  ('reef-island', 'Reef Island', 'جزيرة الريف'),
  ('muharraq', 'Muharraq', 'المحرق'),
  ('diyar-al-muharraq', 'Diyar Al Muharraq', 'ديار المحرق'),
  ('amwaj-islands', 'Amwaj Islands', 'جزر أمواج'),
  ('busaiteen', 'Busaiteen', 'البسيتين'),
  ('galali', 'Galali', 'قلالي'),
  ('arad', 'Arad', 'عراد'),
  ('hidd', 'Hidd', 'الحد'),
  ('riffa', 'Riffa', 'الرفاع'),
  ('isa-town', 'Isa Town', 'مدينة عيسى'),
  ('hamad-town', 'Hamad Town', 'مدينة حمد'),
  ('awali', 'Awali', 'عوالي'),
  ('sakhir', 'Sakhir', 'الصخير'),
  ('zallaq', 'Zallaq', 'الزلاق'),
  ('durrat-al-bahrain', 'Durrat Al Bahrain', 'درة البحرين'),
  ('sitra', 'Sitra', 'سترة'),
  ('tubli', 'Tubli', 'توبلي'),
  ('salmabad', 'Salmabad', 'سلماباد'),
  ('janabiya', 'Janabiya', 'الجنبية'),
  ('saar', 'Saar', 'سار'),
  ('budaiya', 'Budaiya', 'البديع'),
  ('hamala', 'Hamala', 'الهملة'),
  ('jidhafs', 'Jidhafs', 'جدحفص'),
  ('zinj', 'Zinj', 'الزنج'),
  ('mahooz', 'Mahooz', 'الماحوز');

-- The key two spellings of one place share: lower case, Latin accents and Arabic diacritics and
-- tatweel dropped, the Arabic letters people mix unified (as src/shared/search-text.ts folds them),
-- the article ("Al-", "el ", «ال») and every space and mark left out. "Al-Seef", "seef" and «السَّيف»
-- are all "syf"/"seef" alike. Only for this migration: the application chooses from the list now.
CREATE FUNCTION pg_temp.area_key(text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT replace(
    regexp_replace(
      regexp_replace(
        ' ' || regexp_replace(
          translate(
            translate(
              lower(regexp_replace($1, '[\u064B-\u065F\u0670\u0640]', '', 'g')),
              'áàâäãåāéèêëēíìîïīóòôöõōúùûüūçñ',
              'aaaaaaaeeeeeiiiiioooooouuuuucn'
            ),
            'أإآٱىةؤئ',
            'اااايهوي'
          ),
          '[-_.,;:''’`"()/\\&]|\s', ' ', 'g'
        ) || ' ',
        ' (al|el|the) ', ' ', 'g'
      ),
      ' ال', ' ', 'g'
    ),
    ' ', ''
  )
$$;

-- Spellings of the listed areas met in Bahrain that folding alone does not join.
CREATE TEMPORARY TABLE area_spellings (area_id text NOT NULL, spelling text NOT NULL) ON COMMIT DROP;
INSERT INTO area_spellings VALUES
  ('manama', 'Manamah'), ('manama', 'Manama City'), ('manama', 'Almanama'),
  ('seef', 'Seef District'), ('seef', 'Seef Area'), ('seef', 'Sief'),
  ('juffair', 'Jufair'), ('juffair', 'Juffar'), ('juffair', 'الجفيرة'),
  ('adliya', 'Adliyah'), ('adliya', 'Adliyaa'), ('adliya', 'Adleya'),
  ('hoora', 'Hura'), ('hoora', 'Houra'),
  ('gudaibiya', 'Qudaibiya'), ('gudaibiya', 'Gudaibiyah'), ('gudaibiya', 'Qudaibiyah'),
  ('um-al-hassam', 'Umm Al Hassam'), ('um-al-hassam', 'Um Alhassam'), ('um-al-hassam', 'ام الحصم'),
  ('sanabis', 'Sanabes'),
  ('muharraq', 'Muharaq'), ('muharraq', 'Muharraq City'), ('muharraq', 'Moharraq'),
  ('diyar-al-muharraq', 'Diyar'), ('diyar-al-muharraq', 'Diyar Muharraq'),
  ('amwaj-islands', 'Amwaj'), ('amwaj-islands', 'Amwaj Island'), ('amwaj-islands', 'أمواج'),
  ('amwaj-islands', 'جزر امواج'),
  ('busaiteen', 'Busaiteen'), ('busaiteen', 'Busaitin'),
  ('riffa', 'Rifaa'), ('riffa', 'Riffaa'), ('riffa', 'East Riffa'), ('riffa', 'West Riffa'),
  ('riffa', 'الرفاع الشرقي'), ('riffa', 'الرفاع الغربي'),
  ('isa-town', 'Madinat Isa'), ('isa-town', 'Eisa Town'), ('isa-town', 'Issa Town'),
  ('hamad-town', 'Madinat Hamad'), ('hamad-town', 'Hamad City'),
  ('zallaq', 'Zallag'), ('zallaq', 'Zalaq'),
  ('durrat-al-bahrain', 'Durrat'), ('durrat-al-bahrain', 'Durrat Bahrain'),
  ('janabiya', 'Janabiyah'), ('janabiya', 'Jannabiya'),
  ('saar', 'Sar'),
  ('budaiya', 'Budaiyah'), ('budaiya', 'Budaya'), ('budaiya', 'Budaiya'),
  ('hamala', 'Hamalah'),
  ('mahooz', 'Mahoos'),
  ('sakhir', 'Sakheer');

-- Every known spelling's key, and the area it names.
CREATE TEMPORARY TABLE area_keys ON COMMIT DROP AS
  SELECT DISTINCT pg_temp.area_key(spelling) AS key, area_id FROM (
    SELECT id AS area_id, name_en AS spelling FROM areas
    UNION ALL SELECT id, name_ar FROM areas
    UNION ALL SELECT area_id, spelling FROM area_spellings
  ) known;

-- Each free-text area written so far, and the listed area it names: by its key, else by the key of
-- what comes before its first comma ("Seef, Manama", «السيف، المنامة»).
CREATE TEMPORARY TABLE written_areas ON COMMIT DROP AS
  SELECT area AS written, pg_temp.area_key(area) AS key, count(*) AS uses, NULL::text AS area_id
    FROM (SELECT area FROM venues UNION ALL SELECT area FROM vendor_applications) written
   GROUP BY area;
UPDATE written_areas w SET area_id = coalesce(
  (SELECT k.area_id FROM area_keys k WHERE k.key = w.key ORDER BY k.area_id LIMIT 1),
  (SELECT k.area_id FROM area_keys k
    WHERE k.key <> '' AND k.key = pg_temp.area_key(split_part(split_part(w.written, ',', 1), '،', 1))
    ORDER BY k.area_id LIMIT 1));

-- Those no listed area answers become areas of their own, named as most often written, for the
-- team to name in the other language or to replace: nothing is lost. Spellings of one key are one.
CREATE TEMPORARY TABLE new_areas ON COMMIT DROP AS
  SELECT DISTINCT ON (key) key,
         CASE WHEN key = '' THEN 'Unnamed area' ELSE left(btrim(regexp_replace(written, '\s+', ' ', 'g')), 60) END AS name,
         btrim(left(regexp_replace(lower(written), '[^a-z0-9]+', '-', 'g'), 40), '-') AS slug,
         NULL::text AS id
    FROM written_areas
   WHERE area_id IS NULL
   ORDER BY key, uses DESC, written;
UPDATE new_areas n SET id = CASE
  WHEN n.slug = '' OR EXISTS (SELECT 1 FROM areas a WHERE a.id = n.slug)
       OR (SELECT count(*) FROM new_areas o WHERE o.slug = n.slug) > 1
  THEN concat_ws('-', nullif(n.slug, ''), 'area', left(md5(n.key), 8))
  ELSE n.slug END;
INSERT INTO areas (id, name_en, name_ar)
  SELECT id, name, CASE WHEN key = '' THEN 'منطقة بلا اسم' ELSE name END FROM new_areas;
UPDATE written_areas w SET area_id = n.id FROM new_areas n WHERE w.area_id IS NULL AND n.key = w.key;

ALTER TABLE venues ADD COLUMN area_id text REFERENCES areas (id);
UPDATE venues SET area_id = (SELECT area_id FROM written_areas WHERE written = venues.area);
ALTER TABLE venues ALTER COLUMN area_id SET NOT NULL;
ALTER TABLE venues DROP COLUMN area;
CREATE INDEX venues_area ON venues (area_id);

ALTER TABLE vendor_applications ADD COLUMN area_id text REFERENCES areas (id);
UPDATE vendor_applications SET area_id = (SELECT area_id FROM written_areas WHERE written = vendor_applications.area);
ALTER TABLE vendor_applications ALTER COLUMN area_id SET NOT NULL;
ALTER TABLE vendor_applications DROP COLUMN area;
CREATE INDEX vendor_applications_area ON vendor_applications (area_id);

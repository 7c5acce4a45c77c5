package storetest

import (
	"database/sql"
	"fmt"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/inkpress/inkpress/store/migration"
)

// schema is what the parity test compares: per table its columns, primary
// key, indexes and foreign keys. Column types are not compared (SQLite stores booleans as
// INTEGER); names, nullability, keys and index shapes are.
type schema struct {
	tables map[string]*table
}

type table struct {
	columns map[string]bool // name -> NOT NULL
	pk      string          // "a,b"
	// indexes are the shapes of every non-primary-key index ("a,b DESC
	// unique"), one entry per index; named maps the name of each index
	// created with CREATE INDEX to its shape. Indexes behind UNIQUE
	// constraints are named by the database (sqlite_autoindex_t_1,
	// t_col_key), so only their shapes can be compared.
	indexes []string
	named   map[string]string
	// fks are the foreign keys: "col -> table(col) ON DELETE action".
	fks []string
}

// schemaAllowed lists the differences between the databases that are
// intended, each with its reason. Keys are the lines diffSchemas reports.
var schemaAllowed = map[string]string{
	// Full-text search (00016_search.sql): SQLite's is an FTS5 table with
	// its shadow tables, PostgreSQL's two stored tsvector columns of
	// blog_posts (all the words, the title's) with their GIN indexes.
	"table post_search: only in sqlite":                             "FTS5 index",
	"table post_search_config: only in sqlite":                      "FTS5 shadow table",
	"table post_search_content: only in sqlite":                     "FTS5 shadow table (the unindexed columns)",
	"table post_search_data: only in sqlite":                        "FTS5 shadow table",
	"table post_search_docsize: only in sqlite":                     "FTS5 shadow table",
	"table post_search_idx: only in sqlite":                         "FTS5 shadow table",
	"column blog_posts.search_doc: only in postgres":                "the words searched (generated)",
	"column blog_posts.search_title: only in postgres":              "the title's words (generated)",
	"index blog_posts_search on blog_posts: only in postgres":       "GIN full-text index",
	"index blog_posts_search_title on blog_posts: only in postgres": "GIN index of the titles' words",
	"index on blog_posts(search_doc): only in postgres":             "the same index (by its columns)",
	"index on blog_posts(search_title): only in postgres":           "the same index (by its columns)",
}

func TestMigrationVersionsMatch(t *testing.T) {
	lite, err := migration.Versions("sqlite")
	if err != nil {
		t.Fatal(err)
	}
	pg, err := migration.Versions("postgres")
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(lite, pg) {
		t.Fatalf("migration versions differ: sqlite %v, postgres %v", lite, pg)
	}
}

// TestSchemaParity compares the SQLite and PostgreSQL schemas after every
// migration: tables, columns (name, nullability), primary keys, indexes
// (names of created indexes, column lists with order and direction,
// uniqueness, partial or not) and foreign keys (columns, target, ON DELETE).
func TestSchemaParity(t *testing.T) {
	lite, err := sqliteSchema(SQLite(t).SQL())
	if err != nil {
		t.Fatalf("sqlite schema: %v", err)
	}
	pg, err := postgresSchema(Postgres(t).SQL())
	if err != nil {
		t.Fatalf("postgres schema: %v", err)
	}
	if len(lite.tables) < 10 {
		t.Fatalf("sqlite schema has %d tables: introspection is broken", len(lite.tables))
	}
	used := map[string]bool{}
	for _, d := range diffSchemas(lite, pg) {
		if _, ok := schemaAllowed[d]; ok {
			used[d] = true
			continue
		}
		t.Errorf("schema difference: %s", d)
	}
	for d := range schemaAllowed {
		if !used[d] {
			t.Errorf("allow-list entry no longer needed: %s", d)
		}
	}
}

// diffSchemas returns one line per difference, sorted.
func diffSchemas(lite, pg *schema) []string {
	var out []string
	for _, name := range unionKeys(lite.tables, pg.tables) {
		l, p := lite.tables[name], pg.tables[name]
		switch {
		case l == nil:
			out = append(out, fmt.Sprintf("table %s: only in postgres", name))
			continue
		case p == nil:
			out = append(out, fmt.Sprintf("table %s: only in sqlite", name))
			continue
		}
		for _, c := range unionKeys(l.columns, p.columns) {
			ln, lok := l.columns[c]
			pn, pok := p.columns[c]
			switch {
			case !lok:
				out = append(out, fmt.Sprintf("column %s.%s: only in postgres", name, c))
			case !pok:
				out = append(out, fmt.Sprintf("column %s.%s: only in sqlite", name, c))
			case ln != pn:
				out = append(out, fmt.Sprintf("column %s.%s: sqlite %s, postgres %s", name, c, nullability(ln), nullability(pn)))
			}
		}
		if l.pk != p.pk {
			out = append(out, fmt.Sprintf("primary key of %s: sqlite (%s), postgres (%s)", name, l.pk, p.pk))
		}
		for _, ix := range multisetDiff(l.indexes, p.indexes) {
			out = append(out, fmt.Sprintf("index on %s(%s): only in sqlite", name, ix))
		}
		for _, ix := range multisetDiff(p.indexes, l.indexes) {
			out = append(out, fmt.Sprintf("index on %s(%s): only in postgres", name, ix))
		}
		for _, fk := range multisetDiff(l.fks, p.fks) {
			out = append(out, fmt.Sprintf("foreign key %s.%s: only in sqlite", name, fk))
		}
		for _, fk := range multisetDiff(p.fks, l.fks) {
			out = append(out, fmt.Sprintf("foreign key %s.%s: only in postgres", name, fk))
		}
		for _, ix := range unionKeys(l.named, p.named) {
			ls, lok := l.named[ix]
			ps, pok := p.named[ix]
			switch {
			case !lok:
				out = append(out, fmt.Sprintf("index %s on %s: only in postgres", ix, name))
			case !pok:
				out = append(out, fmt.Sprintf("index %s on %s: only in sqlite", ix, name))
			case ls != ps:
				out = append(out, fmt.Sprintf("index %s on %s: sqlite (%s), postgres (%s)", ix, name, ls, ps))
			}
		}
	}
	sort.Strings(out)
	return out
}

func nullability(notNull bool) string {
	if notNull {
		return "NOT NULL"
	}
	return "nullable"
}

func unionKeys[V any](a, b map[string]V) []string {
	keys := map[string]bool{}
	for k := range a {
		keys[k] = true
	}
	for k := range b {
		keys[k] = true
	}
	out := make([]string, 0, len(keys))
	for k := range keys {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// multisetDiff returns the elements of a not matched one-to-one in b.
func multisetDiff(a, b []string) []string {
	left := map[string]int{}
	for _, s := range b {
		left[s]++
	}
	var out []string
	for _, s := range a {
		if left[s] > 0 {
			left[s]--
			continue
		}
		out = append(out, s)
	}
	return out
}

func indexShape(cols []string, unique, partial bool) string {
	s := strings.Join(cols, ",")
	if unique {
		s += " unique"
	}
	if partial {
		s += " partial"
	}
	return s
}

// skipTable leaves out goose's bookkeeping and SQLite's internal tables.
func skipTable(name string) bool {
	return name == "goose_db_version" || strings.HasPrefix(name, "sqlite_")
}

func sqliteSchema(db *sql.DB) (*schema, error) {
	names, err := strings1(db, `SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`)
	if err != nil {
		return nil, err
	}
	s := &schema{tables: map[string]*table{}}
	for _, name := range names {
		if skipTable(name) {
			continue
		}
		tb := &table{columns: map[string]bool{}, named: map[string]string{}}
		s.tables[name] = tb
		rows, err := db.Query(`SELECT name, type, "notnull", pk FROM pragma_table_info(?) ORDER BY cid`, name)
		if err != nil {
			return nil, err
		}
		pk := map[int]string{}
		intPK := ""
		for rows.Next() {
			var col, typ string
			var notNull bool
			var pkPos int
			if err := rows.Scan(&col, &typ, &notNull, &pkPos); err != nil {
				rows.Close()
				return nil, err
			}
			tb.columns[col] = notNull
			if pkPos > 0 {
				pk[pkPos] = col
				if strings.EqualFold(typ, "INTEGER") {
					intPK = col
				}
			}
		}
		if err := rows.Close(); err != nil {
			return nil, err
		}
		// A single INTEGER PRIMARY KEY column is the rowid: never NULL,
		// although table_info reports it as nullable.
		if len(pk) == 1 && intPK != "" {
			tb.columns[intPK] = true
		}
		var pkCols []string
		for i := 1; i <= len(pk); i++ {
			pkCols = append(pkCols, pk[i])
		}
		tb.pk = strings.Join(pkCols, ",")

		type ix struct {
			name            string
			unique, partial bool
			origin          string
		}
		var ixs []ix
		rows, err = db.Query(`SELECT name, "unique", origin, partial FROM pragma_index_list(?)`, name)
		if err != nil {
			return nil, err
		}
		for rows.Next() {
			var i ix
			if err := rows.Scan(&i.name, &i.unique, &i.origin, &i.partial); err != nil {
				rows.Close()
				return nil, err
			}
			ixs = append(ixs, i)
		}
		if err := rows.Close(); err != nil {
			return nil, err
		}
		for _, i := range ixs {
			if i.origin == "pk" {
				continue
			}
			cols, err := strings1(db, `SELECT name || CASE WHEN "desc" THEN ' DESC' ELSE '' END
				FROM pragma_index_xinfo(?) WHERE key ORDER BY seqno`, i.name)
			if err != nil {
				return nil, err
			}
			shape := indexShape(cols, i.unique, i.partial)
			tb.indexes = append(tb.indexes, shape)
			if i.origin == "c" {
				tb.named[i.name] = shape
			}
		}
		sort.Strings(tb.indexes)
		tb.fks, err = strings1(db, `SELECT group_concat("from", ',') || ' -> ' || "table" || '(' || group_concat("to", ',') || ') ON DELETE ' || on_delete
			FROM (SELECT * FROM pragma_foreign_key_list(?) ORDER BY id, seq) GROUP BY id ORDER BY 1`, name)
		if err != nil {
			return nil, err
		}
	}
	return s, nil
}

func postgresSchema(db *sql.DB) (*schema, error) {
	s := &schema{tables: map[string]*table{}}
	names, err := strings1(db, `SELECT table_name FROM information_schema.tables
		WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`)
	if err != nil {
		return nil, err
	}
	for _, name := range names {
		if skipTable(name) {
			continue
		}
		tb := &table{columns: map[string]bool{}, named: map[string]string{}}
		s.tables[name] = tb
		rows, err := db.Query(`SELECT column_name, is_nullable = 'NO' FROM information_schema.columns
			WHERE table_schema = current_schema() AND table_name = $1`, name)
		if err != nil {
			return nil, err
		}
		for rows.Next() {
			var col string
			var notNull bool
			if err := rows.Scan(&col, &notNull); err != nil {
				rows.Close()
				return nil, err
			}
			tb.columns[col] = notNull
		}
		if err := rows.Close(); err != nil {
			return nil, err
		}
		rows, err = db.Query(`
			SELECT i.relname, ix.indisunique, ix.indisprimary, ix.indpred IS NOT NULL,
			       EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = ix.indexrelid),
			       array_to_string(array(
			           SELECT a.attname || CASE WHEN ix.indoption[k.ord - 1] & 1 = 1 THEN ' DESC' ELSE '' END
			           FROM unnest(ix.indkey::int2[]) WITH ORDINALITY AS k(attnum, ord)
			           JOIN pg_attribute a ON a.attrelid = ix.indrelid AND a.attnum = k.attnum
			           ORDER BY k.ord), ',')
			FROM pg_index ix
			JOIN pg_class i ON i.oid = ix.indexrelid
			JOIN pg_class t ON t.oid = ix.indrelid
			JOIN pg_namespace n ON n.oid = t.relnamespace
			WHERE n.nspname = current_schema() AND t.relname = $1`, name)
		if err != nil {
			return nil, err
		}
		for rows.Next() {
			var (
				ixName, cols                           string
				unique, primary, partial, constraintOf bool
			)
			if err := rows.Scan(&ixName, &unique, &primary, &partial, &constraintOf, &cols); err != nil {
				rows.Close()
				return nil, err
			}
			if primary {
				tb.pk = cols
				continue
			}
			shape := indexShape(strings.Split(cols, ","), unique, partial)
			tb.indexes = append(tb.indexes, shape)
			if !constraintOf {
				tb.named[ixName] = shape
			}
		}
		if err := rows.Close(); err != nil {
			return nil, err
		}
		sort.Strings(tb.indexes)
		tb.fks, err = strings1(db, `
			SELECT array_to_string(array(
			           SELECT a.attname FROM unnest(c.conkey) WITH ORDINALITY AS k(attnum, ord)
			           JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.attnum ORDER BY k.ord), ',')
			       || ' -> ' || rt.relname || '(' || array_to_string(array(
			           SELECT a.attname FROM unnest(c.confkey) WITH ORDINALITY AS k(attnum, ord)
			           JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.attnum ORDER BY k.ord), ',')
			       || ') ON DELETE ' || CASE c.confdeltype WHEN 'a' THEN 'NO ACTION' WHEN 'r' THEN 'RESTRICT'
			           WHEN 'c' THEN 'CASCADE' WHEN 'n' THEN 'SET NULL' WHEN 'd' THEN 'SET DEFAULT' END
			FROM pg_constraint c
			JOIN pg_class t ON t.oid = c.conrelid
			JOIN pg_class rt ON rt.oid = c.confrelid
			JOIN pg_namespace n ON n.oid = t.relnamespace
			WHERE c.contype = 'f' AND n.nspname = current_schema() AND t.relname = $1
			ORDER BY 1`, name)
		if err != nil {
			return nil, err
		}
	}
	return s, nil
}

// strings1 runs a query returning one text column.
func strings1(db *sql.DB, query string, args ...any) ([]string, error) {
	rows, err := db.Query(query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, rows.Err()
}

package migration_test

import (
	"context"
	"database/sql"
	"sync"
	"testing"

	_ "github.com/jackc/pgx/v5/stdlib"

	"github.com/inkpress/inkpress/store/migration"
	"github.com/inkpress/inkpress/store/storetest"
)

// Instances started together on an empty PostgreSQL all migrate it: one at
// a time, the others finding the work done.
func TestConcurrentMigrationsOnOneFreshPostgres(t *testing.T) {
	for round := range 5 {
		url := storetest.PostgresURL(t)
		const n = 8
		var wg sync.WaitGroup
		errs := make(chan error, n)
		for range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				db, err := sql.Open("pgx", url)
				if err != nil {
					errs <- err
					return
				}
				defer db.Close()
				errs <- migration.Apply(context.Background(), db, "postgres")
			}()
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			if err != nil {
				t.Fatalf("round %d: %v", round, err)
			}
		}
		db, err := sql.Open("pgx", url)
		if err != nil {
			t.Fatal(err)
		}
		versions, _ := migration.Versions("postgres")
		var got int64
		if err := db.QueryRow(`SELECT max(version_id) FROM goose_db_version`).Scan(&got); err != nil {
			t.Fatal(err)
		}
		db.Close()
		if want := versions[len(versions)-1]; got != want {
			t.Fatalf("round %d: version %d, want %d", round, got, want)
		}
	}
}

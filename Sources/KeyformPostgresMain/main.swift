import KeyformCLI
import KeyformPostgres
import KeyformRun

// `keyform-postgres`: the same commands, with the PostgreSQL backend serving
// postgres:// locations (DECISIONS 73).
StoreOpener.install(server: PostgresBackend())
KeyformCommandLine.main()

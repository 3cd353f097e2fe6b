// The C libraries Keyform links, for the floor programs: GNU readline and SQLite.
#include <stdio.h>
#include <readline/readline.h>
#include <sqlite3.h>

// swift-tools-version: 6.1
import PackageDescription

// The shipped binaries (issue 27, DECISIONS 55): lld for DT_RELR (packed relative relocations,
// -3 MiB resident at start), and no symbols exported (static-stdlib links with -export-dynamic:
// 12,000 symbols nothing looks up); GCC's unwinder linked in, not libgcc_s.so (DECISIONS 103).
let shippedBinary: [LinkerSetting] = [
    .unsafeFlags(
        [
            "-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs", "-Xlinker", "--no-export-dynamic",
            "-Xclang-linker", "-static-libgcc",
        ],
        .when(platforms: [.linux], configuration: .release))
]

let package = Package(
    name: "Keyform",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "keyform", targets: ["KeyformMain"]),
        // keyform with the PostgreSQL backend: keyform hands a postgres:// location over to it (DECISIONS 73).
        .executable(name: "keyform-postgres", targets: ["KeyformPostgresMain"]),
        // The Swift library: `import Keyform` to ask a person for a record (docs/swift-library.md).
        .library(name: "Keyform", targets: ["Keyform"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        // `swift package generate-documentation --target Keyform`.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // GNU readline, linked as a system library (GPL-3.0: see LICENSE).
        .systemLibrary(name: "CReadline", path: "Sources/CReadline"),
        // Pure: layouts, forms, validation, rendering to frames. No terminal, files or database.
        .target(
            name: "KeyformCore",
            dependencies: ["Yams", .product(name: "Mustache", package: "swift-mustache")]
        ),
        // The edges toward the person: terminal, readline bridge, signals.
        .target(name: "KeyformTerminal", dependencies: ["KeyformCore", "CReadline"]),
        // The store's interface, whatever the backend: the RecordStore protocol, StoreError, stored values,
        // MemoryStore (for tests), where a store is (StoreLocation). No database library.
        .target(name: "KeyformStore", dependencies: ["KeyformCore"]),
        // The SQLite backend: GRDB on the system SQLite (records, drafts, field history, migrations).
        .target(
            name: "KeyformSQLite",
            dependencies: [
                "KeyformCore", "KeyformStore", .product(name: "GRDB", package: "GRDB.swift"),
                // SQLite's own interface, for the draft read before the first frame (DraftFile).
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ]
        ),
        // The PostgreSQL backend: postgres-nio behind the synchronous interface, its own SQL. Linked by
        // keyform-postgres and the Swift library, never by keyform (DECISIONS 73).
        .target(
            name: "KeyformPostgres",
            dependencies: ["KeyformCore", "KeyformStore", .product(name: "PostgresNIO", package: "postgres-nio")]
        ),
        // Finding and reading form and layout files (SPEC order): shared by the CLI and the library.
        .target(name: "KeyformFiles", dependencies: ["KeyformCore", "CArguments"]),
        // One run of a form on a store (loading, drafts, history, saving or rescuing, exit statuses):
        // what the CLI, the demo, browse and the library all run forms through.
        // Its StoreOpener is the one door to every backend (a server's backend installed by the program).
        .target(
            name: "KeyformRun",
            dependencies: ["KeyformCore", "KeyformTerminal", "KeyformStore", "KeyformSQLite"]
        ),
        // The public Swift API (product `Keyform`): forms in code or files, typed results, a test double.
        .target(
            name: "Keyform",
            dependencies: [
                "KeyformCore", "KeyformTerminal", "KeyformStore", "KeyformFiles", "KeyformRun", "KeyformPostgres",
            ]),
        // The library's example: asks for a to-do and decodes it into a struct.
        .executableTarget(name: "keyform-example", dependencies: ["Keyform"], path: "Sources/KeyformExample"),
        // A helper for the store's multi-process tests: opens a database and saves N records.
        .executableTarget(
            name: "keyform-store-stress", dependencies: ["KeyformStore", "KeyformSQLite"],
            path: "Sources/KeyformStoreStress"),
        // The process's arguments kept before `main` (Swift reads them from /proc on Linux), and its environment.
        .target(name: "CArguments"),
        // SQLite's process-wide settings that take a C call (variadic `sqlite3_config`): the program's to make.
        .target(name: "CSQLiteSettings", linkerSettings: [.linkedLibrary("sqlite3")]),
        // The `keyform` command line: its commands, parsing and output, run by the two executables below.
        .target(
            name: "KeyformCLI",
            dependencies: [
                "CArguments",
                "CSQLiteSettings",
                "KeyformCore",
                "KeyformTerminal",
                "KeyformStore",
                "KeyformFiles",
                "KeyformRun",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // `keyform`: SQLite only; a server's location is handed over to keyform-postgres.
        .executableTarget(
            name: "KeyformMain", dependencies: ["KeyformCLI"], path: "Sources/KeyformMain",
            linkerSettings: shippedBinary),
        // `keyform-postgres`: the same commands with the PostgreSQL backend installed.
        .executableTarget(
            name: "KeyformPostgresMain", dependencies: ["KeyformCLI", "KeyformRun", "KeyformPostgres"],
            path: "Sources/KeyformPostgresMain", linkerSettings: shippedBinary),
        // Shared by the test targets: the package's paths, built executables, a seeded random source.
        .target(name: "KeyformTestSupport", path: "Tests/KeyformTestSupport"),
        .testTarget(
            name: "KeyformCoreTests",
            dependencies: [
                "KeyformCore",
                "KeyformTestSupport",
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ],
            exclude: ["__Snapshots__", "Fixtures"]
        ),
        .testTarget(
            name: "KeyformCLITests",
            dependencies: ["KeyformCLI", "KeyformMain", "KeyformPostgresMain", "KeyformSQLite", "KeyformTestSupport"],
            exclude: ["Scripts"]),
        // Finding forms and layouts (search order, $KEYFORM_FORMS, paths vs names, errors) in temporary folders.
        .testTarget(name: "KeyformFilesTests", dependencies: ["KeyformFiles", "KeyformCore"]),
        .testTarget(name: "KeyformTerminalTests", dependencies: ["KeyformTerminal", "KeyformTestSupport"]),
        .testTarget(
            name: "KeyformRunTests",
            dependencies: [
                "KeyformRun", "KeyformStore", "KeyformSQLite", "KeyformTerminal", "KeyformCore", "KeyformTestSupport",
            ]),
        .testTarget(
            name: "KeyformStoreTests",
            dependencies: [
                "KeyformStore", "KeyformSQLite", "KeyformPostgres", "keyform-store-stress", "KeyformTestSupport",
            ]
        ),
        // keyform run in tmux; depends on the executable so that it is built first.
        .testTarget(
            name: "KeyformEndToEndTests",
            dependencies: [
                "KeyformCLI", "KeyformMain", "KeyformPostgresMain", "KeyformStore", "KeyformSQLite",
                "KeyformTestSupport",
            ]),
        .testTarget(
            name: "KeyformLibraryTests",
            dependencies: ["Keyform", "keyform-example", "KeyformCore", "KeyformStore", "KeyformSQLite"]),
        // Imports only `Keyform`, nothing @testable: what a user's package sees is enough.
        .testTarget(
            name: "KeyformPublicAPITests",
            dependencies: ["Keyform"],
            swiftSettings: [.enableUpcomingFeature("MemberImportVisibility")]
        ),
    ]
)

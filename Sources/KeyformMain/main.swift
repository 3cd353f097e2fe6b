import KeyformCLI

// `keyform`: SQLite only. A command line naming a server's location is handed
// over to keyform-postgres (ServerHandover, DECISIONS 73).
KeyformCommandLine.main()

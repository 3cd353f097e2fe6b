import KeyformTestSupport
import Testing

@testable import KeyformCore

/// A resolver over a made-up file system: `files` are the paths that exist.
private func resolver(
    formFolder: String? = "/home/ann/forms",
    layoutsPath: String? = "/opt/keyform:/home/ann/layouts",
    files: Set<String> = []
) -> LayoutResolver {
    LayoutResolver(
        formFolder: formFolder,
        currentDirectory: "/work",
        layoutsPath: layoutsPath,
        shippedNames: ["priority", "yes-no"],
        fileExists: { files.contains($0) },
        filesInFolder: { folder in
            files.filter { $0.hasPrefix(folder + "/") }.map { String($0.dropFirst(folder.count + 1)) }.sorted()
        }
    )
}

struct LayoutResolverTests {
    @Test func searchesInTheSpecOrder() {
        #expect(
            resolver().placesSearched(for: "swim") == [
                .file("/home/ann/forms/Layouts/swim.yaml"),
                .file("/work/Layouts/swim.yaml"),
                .file("/opt/keyform/swim.yaml"),
                .file("/home/ann/layouts/swim.yaml"),
                .shipped("swim"),
            ])
    }

    @Test func theFirstPlaceThatHasItWins() {
        let all: Set = [
            "/home/ann/forms/Layouts/priority.yaml", "/work/Layouts/priority.yaml", "/opt/keyform/priority.yaml",
        ]
        #expect(resolver(files: all).resolve("priority") == .file("/home/ann/forms/Layouts/priority.yaml"))
        #expect(
            resolver(files: all.subtracting(["/home/ann/forms/Layouts/priority.yaml"])).resolve("priority")
                == .file("/work/Layouts/priority.yaml"))
        #expect(
            resolver(files: ["/opt/keyform/priority.yaml"]).resolve("priority") == .file("/opt/keyform/priority.yaml"))
        #expect(
            resolver(files: ["/home/ann/layouts/priority.yaml"]).resolve("priority")
                == .file("/home/ann/layouts/priority.yaml"))
    }

    @Test func shippedLayoutsComeLast() {
        #expect(resolver().resolve("yes-no") == .shipped("yes-no"))
        #expect(resolver().resolve("swim") == nil)
    }

    @Test func withoutAFormFolderOrEnvironment() {
        let bare = resolver(formFolder: nil, layoutsPath: nil)
        #expect(bare.folders == ["/work/Layouts"])
        #expect(bare.placesSearched(for: "x") == [.file("/work/Layouts/x.yaml"), .shipped("x")])
    }

    @Test func environmentFoldersSkipEmptyEntriesAndAreTakenFromTheCurrentDirectory() {
        let r = resolver(formFolder: nil, layoutsPath: ":mine/::/opt/k/:")
        #expect(r.folders == ["/work/Layouts", "/work/mine", "/opt/k"])
    }

    @Test func aFolderReachedTwiceIsSearchedOnce() {
        // A form in the current directory: its Layouts/ is ./Layouts.
        let r = resolver(formFolder: ".", layoutsPath: "/work/Layouts/:Layouts")
        #expect(r.folders == ["/work/Layouts"])
        #expect(resolver(formFolder: "demo", layoutsPath: nil).folders == ["/work/demo/Layouts", "/work/Layouts"])
    }

    @Test func aYamlNameIsAPath() {
        #expect(resolver(files: ["/work/my/grid.yaml"]).resolve("my/grid.yaml") == .file("/work/my/grid.yaml"))
        #expect(resolver(files: ["/tmp/g.yaml"]).resolve("/tmp/g.yaml") == .file("/tmp/g.yaml"))
        #expect(resolver(files: ["/work/Layouts/priority.yaml"]).resolve("priority.yaml") == nil)
        #expect(resolver().placesSearched(for: "./a.yaml") == [.file("/work/a.yaml")])
    }

    @Test func anEmptyNameIsNotFound() {
        #expect(resolver(files: ["/work/Layouts/.yaml"]).resolve("") == nil)
        #expect(resolver().placesSearched(for: "").isEmpty)
    }

    @Test func availableNamesInSearchOrder() {
        let files: Set = [
            "/work/Layouts/swim.yaml", "/work/Layouts/notes.txt", "/opt/keyform/priority.yaml",
            "/home/ann/forms/Layouts/gym.yaml",
        ]
        #expect(resolver(files: files).availableNames() == ["gym", "swim", "priority", "yes-no"])
    }

    @Test func suggestsATypoFixOrAnAbbreviation() {
        let r = resolver(files: ["/work/Layouts/swim-strokes.yaml"])
        #expect(r.suggestion(for: "priorty") == "priority")
        #expect(r.suggestion(for: "Yes-No") == "yes-no")
        #expect(r.suggestion(for: "swim") == "swim-strokes")
        #expect(r.suggestion(for: "zzz") == nil)
        #expect(r.suggestion(for: "s") == nil)
    }

    @Test func notFoundMessages() {
        let r = resolver(formFolder: nil, layoutsPath: "/opt/keyform")
        #expect(
            r.notFoundMessage(for: "prio") == """
                layout 'prio' not found; looked in: /work/Layouts/prio.yaml, /opt/keyform/prio.yaml, \
                the layouts shipped with Keyform; did you mean 'priority'?
                """)
        #expect(
            r.notFoundMessage(for: "qwerty") == """
                layout 'qwerty' not found; looked in: /work/Layouts/qwerty.yaml, /opt/keyform/qwerty.yaml, \
                the layouts shipped with Keyform
                """)
        #expect(r.notFoundMessage(for: "my/grid.yaml") == "layout file '/work/my/grid.yaml' not found")
    }

    @Test func defaultsToTheShippedLayouts() {
        let r = LayoutResolver(currentDirectory: "/work", layoutsPath: nil, fileExists: { _ in false })
        #expect(r.resolve("priority") == .shipped("priority"))
    }

    /// Paths are tidied over their bytes when ASCII (DECISIONS 104): the same
    /// folders as splitting and joining them as characters gave, for random
    /// paths of slashes, dots, names and a few non-ASCII and combining characters.
    @Test func aPathIsTidiedAsSplittingItsCharactersDid() {
        func asCharacters(_ path: String) -> String {
            let joined = path.split(separator: "/").filter { $0 != "." }.joined(separator: "/")
            if path.hasPrefix("/") { return "/" + joined }
            return joined.isEmpty ? "." : joined
        }
        let pieces = ["/", "/", ".", "..", "a", "Layouts", " ", "-", "é", "\u{301}", "日", "~"]
        var random = SplitMix64(seed: 102)
        for _ in 0..<3_000 {
            let path = (0..<Int.random(in: 0...8, using: &random)).map { _ in pieces.randomElement(using: &random)! }
                .joined()
            #expect(LayoutResolver.normalized(path) == asCharacters(path), "\(path.debugDescription)")
        }
        #expect(LayoutResolver.normalized("/work/./forms//Layouts/") == "/work/forms/Layouts")
        #expect(LayoutResolver.normalized("./") == ".")
        #expect(LayoutResolver.normalized("/") == "/")
        #expect(LayoutResolver.normalized("a/\u{301}/b") == "a/\u{301}/b", "a / joined by a mark is no separator")
    }
}

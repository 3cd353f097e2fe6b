import Foundation
import KeyformTestSupport
import Testing

/// `choices: {from: FORM.FIELD, by: FIELD}` on a real SQLite store: the cities
/// offered are those stored with the country answered above, and a strict
/// field's answers are held to them.
@Suite struct StoredChoicesByCLITests {
    static let trip = """
        fields:
          - id: country
            choices: [Canada, Mexico, Peru]
          - id: city
            choices: {from: trip.city, by: country}
            strict: true
        """

    @Test func aStrictFieldAcceptsTheValuesStoredWithTheEarlierAnswer() throws {
        let cli = try StoreCLI()
        defer { cli.remove() }
        let form = try cli.form("trip", Self.trip)
        let db = cli.path("trip.sqlite")
        // The same record name, not strict: the cities a first trip to each country stored.
        try FileManager.default.createDirectory(atPath: cli.path("seed"), withIntermediateDirectories: true)
        let seed = cli.path("seed/trip.yaml")
        try Self.trip.replacingOccurrences(of: "strict: true", with: "").write(
            toFile: seed, atomically: true, encoding: .utf8)
        for answers in [
            #"{"country":"Canada","city":"Toronto"}"#, #"{"country":"Mexico","city":"Oaxaca"}"#,
            #"{"country":"Canada","city":"Ottawa"}"#,
        ] {
            let result = try cli.submit(seed, answers, database: db)
            #expect(result.status == 0, "\(answers): \(result.stderr)")
        }
        let wrong = try cli.submit(form, #"{"country":"Canada","city":"Oaxaca"}"#, database: db)
        #expect(wrong.status == 2, "\(wrong.stdout)\(wrong.stderr)")
        #expect(wrong.stderr.contains("Ottawa") && wrong.stderr.contains("Toronto"), "\(wrong.stderr)")
        let mexico = try cli.submit(form, #"{"country":"Mexico","city":"Toronto"}"#, database: db)
        #expect(mexico.status == 2, "\(mexico.stderr)")
        #expect(mexico.stderr.contains("Oaxaca") && !mexico.stderr.contains("Ottawa"), "\(mexico.stderr)")
        #expect(try cli.submit(form, #"{"country":"Mexico","city":"Oaxaca"}"#, database: db).status == 0)
        // A country never stored offers no grid: any city is taken.
        #expect(try cli.submit(form, #"{"country":"Peru","city":"Lima"}"#, database: db).status == 0)
        #expect(try cli.listed("trip", database: db).count == 5)
    }
}

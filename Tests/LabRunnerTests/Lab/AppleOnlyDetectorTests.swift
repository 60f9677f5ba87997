import Testing
@testable import LabRunner

struct AppleOnlyDetectorTests {
    @Test(arguments: [
        ("import SwiftUI\n", "imports SwiftUI"),
        ("@preconcurrency import UIKit\n", "imports UIKit"),
        ("import struct SwiftUI.Color\n", "imports SwiftUI"),
        ("#Preview(\"List\") {\n  ModelListView()\n}\n", "uses #Preview"),
        ("struct ModelListView: View {\n  var body: some View { Text(\"\") }\n}\n", "declares ModelListView: View"),
        ("extension Card: SwiftUI.View {}\n", "declares Card: SwiftUI.View"),
        ("private struct Row<T>: Identifiable, View where T: Hashable {\n", "declares Row: View"),
        ("struct Model: Codable, Sendable {}\n", nil),
        ("struct Badge<Label: Hashable>: View {\n", "declares Badge: View"),
        ("let view: some View = Text(\"\")\n", nil),
        ("enum Kind: String { case view = \"View\" }\n", nil),
        ("// struct Old: View {}\nlet x = 1\n", nil),
        ("import Foundation\nimport Observation\n", nil),
        ("final class ViewModel: Observable {}\n", nil),
        ("protocol ModelService: Sendable {}\n", nil),
        ("class A: NSObject {\n    @objc dynamic var name = \"\"\n}\n", "uses @objc (Objective-C interoperability)"),
        ("@objc(Renamed) class B: NSObject {}\n", "uses @objc (Objective-C interoperability)"),
        ("@IBOutlet weak var label: UILabel!\n", "uses @IBOutlet (Objective-C interoperability)"),
        ("@objective func f() {}\n", nil),
        ("import CoreData\n", "imports CoreData"),
    ] as [(String, String?)])
    func reasons(code: String, expected: String?) {
        #expect(AppleOnlyDetector.reason(for: code) == expected)
    }
}

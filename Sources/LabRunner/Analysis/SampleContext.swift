/// What one sample is compiled with from the earlier samples of its file: the items it was given
/// and why. Made by `ContextResolver`.
package struct SampleContext: Sendable, Equatable {
    /// The sample's index among the file's samples.
    package let sample: Int
    /// In program order (by sample, then by item).
    package let entries: [ContextEntry]
    /// `.continues(label)` named no earlier sample: an input error to report at the sample.
    package let unknownLabel: String?
    /// Names the sample (or its context) uses that no earlier program declares but an earlier
    /// sample giving no context does (a listing, a sample whose brackets do not balance), by name,
    /// with the latest such sample: what the sample cannot be given. A sample that fails to find
    /// one of them is not at fault (see `usedListing(in:)`).
    package var listingUses: [ListingUse] = []

    package var references: [ItemReference] { entries.map(\.reference) }

    /// The listing use an error message is about: `cannot find 'foo' in scope` or `cannot find
    /// type 'Foo' in scope` where `foo` is one of `listingUses`; nil for any other message.
    package func usedListing(in message: String) -> ListingUse? {
        for prefix in ["cannot find '", "cannot find type '"] where message.hasPrefix(prefix) {
            let name = message.dropFirst(prefix.count).prefix { $0 != "'" }
            guard message.dropFirst(prefix.count + name.count).hasPrefix("' in scope") else { continue }
            return listingUses.first { $0.name == name }
        }
        return nil
    }
}

/// A name a sample uses that only an earlier listing (or sample whose brackets do not balance) declares.
package struct ListingUse: Sendable, Equatable {
    package let name: String
    /// The index of the latest such sample declaring it.
    package let sample: Int
}

/// One top-level item of one sample of a file.
package struct ItemReference: Sendable, Hashable, Comparable {
    package let sample: Int
    /// Index into that sample's `SampleSymbols.items`.
    package let item: Int

    package init(sample: Int, item: Int) {
        self.sample = sample
        self.item = item
    }

    package static func < (left: ItemReference, right: ItemReference) -> Bool {
        (left.sample, left.item) < (right.sample, right.item)
    }
}

/// An item given to a sample, and why.
package struct ContextEntry: Sendable, Equatable {
    package let reference: ItemReference
    package let reason: ContextReason
}

/// Why an earlier item is in a sample's context.
package struct ContextReason: Sendable, Equatable {
    package enum Kind: Sendable, Equatable {
        /// It declares `name`, which the sample (or `via`) uses.
        case uses
        /// An extension of `name`, a type in the context.
        case extends
        /// An extension of a type no sample declares that gives the member `.name` the sample (or `via`) uses.
        case member
        /// An extension that makes a type no sample declares conform to `name`, a protocol in the context.
        case conformance
        /// The sample continues the one labelled `name` (a directive), which had this item.
        case continues
        /// An `import` of `name` by a sample that gives this one declarations.
        case imports
        /// A statement that changes `name`, a `let` or `var` in the context, after its
        /// declaration: the reader ran it before this sample.
        case mutates
    }

    package let kind: Kind
    package let name: String
    /// The context item whose use pulled this one in; nil when the sample itself uses it.
    package let via: ItemReference?

    /// In words for `labrunner list`; `describe` names an item (`struct Point, line 12`).
    package func description(_ describe: (ItemReference) -> String) -> String {
        let user = via.map { " (used by \(describe($0)))" } ?? ""
        switch kind {
        case .uses: return "uses \(name)\(user)"
        case .extends: return "extends \(name)"
        case .member: return "gives .\(name)\(user)"
        case .conformance: return "conforms to \(name)"
        case .continues: return "continues '\(name)'"
        case .imports: return "import \(name)"
        case .mutates: return "mutates \(name)"
        }
    }
}

/// How a sample takes context from the samples before it; a directive sets it.
package enum ContextDirective: Sendable, Equatable {
    /// The rule: the declarations of the names it uses, transitively, the latest winning.
    case inherit
    /// Nothing from earlier samples.
    case fresh
    /// The latest earlier sample labelled so, whole (statements too) with its context, then the rule.
    case continues(String)
}

/// One sample as the resolver sees it.
package struct ContextSample: Sendable {
    package let symbols: SampleSymbols
    /// A name directives can refer to (`continues`).
    package let label: String?
    package let directive: ContextDirective
    /// A listing gives no context to later samples (its declarations lack bodies or hold placeholders).
    package let isListing: Bool
    /// A declaration summary (`DeclarationSummary`): its names are a module's, so it declares nothing.
    package let isSummary: Bool
    /// Its output is checked: it is given the reader's session too (the statements that changed
    /// what it reads), which only a run can tell from their absence.
    package let runs: Bool

    package init(symbols: SampleSymbols, label: String? = nil, directive: ContextDirective = .inherit,
                 isListing: Bool = false, isSummary: Bool = false, runs: Bool = false) {
        self.symbols = symbols
        self.label = label
        self.directive = directive
        self.isListing = isListing
        self.isSummary = isSummary
        self.runs = runs
    }
}

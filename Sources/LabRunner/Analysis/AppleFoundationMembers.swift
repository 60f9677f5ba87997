/// Members Apple's Foundation has and swift-corelibs-foundation (Linux) does not: a sample whose
/// only errors are `value of type 'URL' has no member 'lines'` compiles on a Mac, so here it could
/// not be checked, which is not its text's fault (`GuideRunner` skips it as Apple-only).
package enum AppleFoundationMembers {
    /// `URL.lines` for swiftc's `value of type 'URL' has no member 'lines'`, when it is one of them.
    package static func member(in message: String) -> String? {
        let prefix = "value of type '", middle = "' has no member '"
        guard message.hasPrefix(prefix), let split = message.range(of: middle), message.hasSuffix("'") else { return nil }
        let type = String(message[message.index(message.startIndex, offsetBy: prefix.count)..<split.lowerBound])
        let member = String(message[split.upperBound..<message.index(before: message.endIndex)])
        return members[type]?.contains(member) == true ? "\(type).\(member)" : nil
    }

    /// The members of `messages` when every message is one (or a type swiftc could not infer
    /// through it); nil otherwise.
    package static func only(in messages: [String]) -> [String]? {
        var found: [String] = []
        for message in messages {
            if ExcerptNames.isInferenceFailure(message) { continue }
            guard let member = member(in: message) else { return nil }
            if !found.contains(member) { found.append(member) }
        }
        return found.isEmpty ? nil : found
    }

    /// Async sequences of Apple's Foundation (macOS 12, iOS 15) that Linux's does not have.
    private static let members: [String: Set<String>] = [
        "URL": ["lines", "resourceBytes"],
        "FileHandle": ["bytes"],
        "URLSession": ["bytes"],
        "NotificationCenter": ["notifications"],
    ]
}

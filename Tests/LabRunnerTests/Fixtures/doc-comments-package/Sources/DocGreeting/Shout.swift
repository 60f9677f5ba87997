extension String {
    /// The text in capitals; a sample here cannot see the other files' samples:
    ///
    ///     let loud: Int = "hi".shouted
    public var shouted: String { uppercased() }
}

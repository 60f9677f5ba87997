/// A greeting, for the samples of the package's README to call.
public func greeting(_ name: String) -> String {
    "Hello, \(name)!"
}

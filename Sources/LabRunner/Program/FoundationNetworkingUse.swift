/// Whether a program needs FoundationNetworking: on Linux, `URLSession`, `URLRequest`,
/// `HTTPURLResponse` and the rest live there, not in Foundation as on a Mac, so code written on
/// a Mac compiles here only with it imported. A program imports it only when its code names one
/// of them (comments and string text aside): the library and the dozens it loads (curl,
/// OpenSSL, Kerberos…) cost every run of a lab about 10 ms to start, most labs for nothing.
enum FoundationNetworkingUse {
    /// The lines that import it where it exists (not on Apple platforms, where Foundation has it all).
    static let importLines = "#if canImport(FoundationNetworking)\nimport FoundationNetworking\n#endif\n"

    /// FoundationNetworking's public names in Swift 6.3 on Linux: its top-level declarations, and
    /// the `Notification.Name`s it adds to Foundation (written `.NSURLCredentialStorageChanged`).
    /// `FoundationNetworkingUseTests` checks the list against the toolchain's module.
    static let names: Set<String> = [
        "CachedURLResponse", "HTTPCookie", "HTTPCookiePropertyKey", "HTTPCookieStorage", "HTTPURLResponse",
        "NSMutableURLRequest", "NSURLRequest", "URLAuthenticationChallenge", "URLAuthenticationChallengeSender",
        "URLCache", "URLCredential", "URLCredentialStorage", "URLProtectionSpace", "URLProtocol", "URLProtocolClient",
        "URLRequest", "URLResponse", "URLSession", "URLSessionConfiguration", "URLSessionDataDelegate",
        "URLSessionDataTask", "URLSessionDelegate", "URLSessionDownloadDelegate", "URLSessionDownloadTask",
        "URLSessionStreamDelegate", "URLSessionStreamTask", "URLSessionTask", "URLSessionTaskDelegate",
        "URLSessionTaskMetrics", "URLSessionTaskTransactionMetrics", "URLSessionUploadTask",
        "URLSessionWebSocketDelegate", "URLSessionWebSocketTask", "URLSessionDownloadTaskResumeData",
        "NSURLAuthenticationMethodDefault", "NSURLAuthenticationMethodHTMLForm", "NSURLAuthenticationMethodHTTPBasic",
        "NSURLAuthenticationMethodHTTPDigest", "NSURLAuthenticationMethodNTLM", "NSURLAuthenticationMethodNegotiate",
        "NSURLCredentialStorageRemoveSynchronizableCredentials", "NSURLProtectionSpaceFTP", "NSURLProtectionSpaceFTPProxy",
        "NSURLProtectionSpaceHTTP", "NSURLProtectionSpaceHTTPProxy", "NSURLProtectionSpaceHTTPS",
        "NSURLProtectionSpaceHTTPSProxy", "NSURLProtectionSpaceSOCKSProxy", "NSURLSessionTransferSizeUnknown",
        "tls_ciphersuite_t", "tls_protocol_version_t",
        "NSHTTPCookieManagerCookiesChanged", "NSURLCredentialStorageChanged",
    ]

    /// Every name has one of these in it: most code is not lexed at all.
    static let markers = [Array("URL".utf8), Array("HTTP".utf8), Array("tls_".utf8)]

    /// True when an identifier of `code` is one of `names`.
    static func isNamed(in code: String) -> Bool {
        let bytes = Array(code.utf8)
        // Bytes, not `String.contains`: Foundation's search goes through UTF-16 and was half of
        // `extract`'s time on a large file.
        let mentioned = bytes.withUnsafeBufferPointer { buffer in
            markers.contains { ByteWord.contains($0, in: buffer, from: 0, end: buffer.count) }
        }
        guard mentioned else { return false }
        return SwiftLexer.tokens(in: bytes).contains { $0.kind == .identifier && names.contains($0.name(in: bytes)) }
    }
}

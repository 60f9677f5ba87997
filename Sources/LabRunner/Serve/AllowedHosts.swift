import Foundation
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// The `Host` header values a server bound to an address answers, whatever that address:
/// `ADDRESS:PORT` and `localhost:PORT`; on every interface (`0.0.0.0`), each IPv4 address of
/// this machine and its host name. Any other name (one an attacker's DNS rebound to this
/// machine) is refused; an address that is not loopback is not reached as `localhost`.
package enum AllowedHosts {
    package static func names(boundTo host: String, port: UInt16) -> Set<String> {
        var names: [String]
        if host == "0.0.0.0" {
            names = interfaceAddresses() + ["localhost"] + (hostName().map { [$0] } ?? [])
        } else {
            names = [host]
            if host.hasPrefix("127.") { names.append("localhost") }
        }
        return Set(names.map { "\($0.lowercased()):\(port)" })
    }

    /// This machine's IPv4 addresses, loopback included.
    static func interfaceAddresses() -> [String] {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return ["127.0.0.1"] }
        defer { freeifaddrs(list) }
        var addresses: [String] = []
        for entry in sequence(first: first, next: { $0.pointee.ifa_next }) {
            guard let address = entry.pointee.ifa_addr, address.pointee.sa_family == sa_family_t(AF_INET) else { continue }
            var text = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
            address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { inet -> Void in
                var raw = inet.pointee.sin_addr
                inet_ntop(AF_INET, &raw, &text, socklen_t(INET_ADDRSTRLEN))
            }
            addresses.append(String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        return addresses.contains("127.0.0.1") ? addresses : addresses + ["127.0.0.1"]
    }

    private static func hostName() -> String? {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count) == 0 else { return nil }
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return name.isEmpty ? nil : name
    }
}

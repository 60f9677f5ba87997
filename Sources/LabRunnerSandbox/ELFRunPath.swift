/// The folders an ELF executable's dynamic section names for its libraries (`DT_RUNPATH`, else
/// `DT_RPATH`): where swiftc's output finds the Swift runtime, whichever swiftc (or wrapper of
/// it) built it. The sandbox shows them read-only. 64-bit little-endian files only (x86-64,
/// arm64); anything else, or a malformed file, gives no folders.
enum ELFRunPath {
    /// `read(offset, count)`: up to `count` bytes of the file from `offset` (fewer at its end).
    static func folders(reading read: (Int, Int) -> [UInt8]) -> [String] {
        // The headers, the dynamic section and the run path's string: three small reads, wherever
        // they lie in the file (the dynamic section is near the end of a large one).
        let header = read(0, 64)
        guard header.count == 64, header[0..<4].elementsEqual([0x7F, 0x45, 0x4C, 0x46]), header[4] == 2, header[5] == 1 else {
            return []
        }
        func number(_ bytes: [UInt8], _ offset: Int, _ size: Int) -> Int? {
            guard offset >= 0, offset + size <= bytes.count else { return nil }
            var value = 0
            for index in (0..<size).reversed() { value = value << 8 | Int(bytes[offset + index]) }
            return value
        }
        guard let headerOffset = number(header, 32, 8), let headerSize = number(header, 54, 2),
              let headerCount = number(header, 56, 2), headerSize >= 56, headerCount <= 4096 else { return [] }
        let table = read(headerOffset, headerSize * headerCount)
        return folders(header: table, count: headerCount, size: headerSize, read: read, number: number)
    }

    private static func folders(header bytes: [UInt8], count headerCount: Int, size headerSize: Int,
                                read: (Int, Int) -> [UInt8], number: ([UInt8], Int, Int) -> Int?) -> [String] {
        func word(_ offset: Int, _ size: Int) -> Int? { number(bytes, offset, size) }
        var loads: [(address: Int, offset: Int, size: Int)] = []
        var dynamic: (offset: Int, size: Int)? = nil
        for index in 0..<headerCount {
            let base = index * headerSize
            guard let type = word(base, 4), let offset = word(base + 8, 8), let address = word(base + 16, 8),
                  let size = word(base + 32, 8) else { return [] }
            if type == 1 { loads.append((address, offset, size)) }  // PT_LOAD
            if type == 2 { dynamic = (offset, size) }  // PT_DYNAMIC
        }
        guard let dynamic, dynamic.size <= 1 << 20 else { return [] }
        let entries = read(dynamic.offset, dynamic.size)
        var stringTable: Int? = nil
        var runPath: Int? = nil
        var rPath: Int? = nil
        var entry = 0
        while entry + 16 <= entries.count, let tag = number(entries, entry, 8), tag != 0, let value = number(entries, entry + 8, 8) {
            switch tag {
            case 5: stringTable = value  // DT_STRTAB (an address)
            case 29: runPath = value  // DT_RUNPATH
            case 15: rPath = value  // DT_RPATH
            default: break
            }
            entry += 16
        }
        guard let stringTable, let name = runPath ?? rPath,
              let load = loads.first(where: { stringTable >= $0.address && stringTable < $0.address + $0.size }) else { return [] }
        let text = read(stringTable - load.address + load.offset + name, 4096)
        guard let end = text.firstIndex(of: 0) else { return [] }
        return String(decoding: text[..<end], as: UTF8.self).split(separator: ":").map(String.init)
            .filter { $0.hasPrefix("/") && !$0.contains("$") }
    }
}

/// Minimal PNG writing and reading: enough to make real, decodable images without a codec.
enum PNG {
  static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  /// An 8-bit truecolour image of one colour. The pixels go into zlib *stored* blocks, so no
  /// compressor is needed and the result is still a PNG every decoder accepts.
  static func solid(width: Int, height: Int, red: UInt8, green: UInt8, blue: UInt8) -> [UInt8] {
    precondition(width > 0 && height > 0, "a PNG needs at least one pixel")
    var row: [UInt8] = [0]  // filter type None
    row.reserveCapacity(1 + width * 3)
    for _ in 0..<width {
      row.append(red)
      row.append(green)
      row.append(blue)
    }
    var raw: [UInt8] = []
    raw.reserveCapacity(height * row.count)
    for _ in 0..<height { raw += row }

    var header: [UInt8] = []
    appendBigEndian(&header, UInt32(width))
    appendBigEndian(&header, UInt32(height))
    header += [8, 2, 0, 0, 0]  // bit depth, colour type RGB, deflate, adaptive filtering, no interlace

    var png = signature
    appendChunk(&png, type: "IHDR", data: header)
    appendChunk(&png, type: "IDAT", data: zlibStored(raw))
    appendChunk(&png, type: "IEND", data: [])
    return png
  }

  /// Width and height from the IHDR chunk, or nil when `bytes` does not start like a PNG.
  static func size(of bytes: [UInt8]) -> (width: Int, height: Int)? {
    guard bytes.count >= 24, Array(bytes[0..<8]) == signature, Array(bytes[12..<16]) == Array("IHDR".utf8) else {
      return nil
    }
    let width = bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }
    let height = bytes[20..<24].reduce(0) { $0 << 8 | Int($1) }
    return (width, height)
  }

  private static func appendChunk(_ png: inout [UInt8], type: String, data: [UInt8]) {
    appendBigEndian(&png, UInt32(data.count))
    let typeAndData = Array(type.utf8) + data
    png += typeAndData
    appendBigEndian(&png, crc32(typeAndData))
  }

  private static func zlibStored(_ data: [UInt8]) -> [UInt8] {
    var out: [UInt8] = [0x78, 0x01]  // deflate, 32 KiB window, no preset dictionary, check bits valid
    var start = 0
    repeat {
      let end = min(start + 65_535, data.count)
      let length = UInt16(end - start)
      out.append(end == data.count ? 1 : 0)  // BFINAL, BTYPE 00
      out += [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)]
      out += data[start..<end]
      start = end
    } while start < data.count
    appendBigEndian(&out, adler32(data))
    return out
  }

  static func crc32(_ bytes: [UInt8]) -> UInt32 {
    crcTable.withUnsafeBufferPointer { table in
      bytes.withUnsafeBufferPointer { buffer in
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in buffer { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
      }
    }
  }

  private static let crcTable: [UInt32] = (0..<256).map { index in
    var value = UInt32(index)
    for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
    return value
  }

  static func adler32(_ bytes: [UInt8]) -> UInt32 {
    bytes.withUnsafeBufferPointer { buffer in
      var a: UInt32 = 1
      var b: UInt32 = 0
      for byte in buffer {
        a = (a + UInt32(byte)) % 65_521
        b = (b + a) % 65_521
      }
      return b << 16 | a
    }
  }

  private static func appendBigEndian(_ out: inout [UInt8], _ value: UInt32) {
    out += [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
  }
}

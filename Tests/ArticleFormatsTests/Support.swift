import Foundation

/// Real images: a 2×2 PNG (not a placeholder pixel), another one, a 1×1 GIF placeholder and a
/// 1×1 lossless WebP, base64.
enum Images {
  static let png =
    "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGM4IScHRAwQCgAfJgQRoo8irwAAAABJRU5ErkJggg=="
  static let png2 =
    "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGOQkzsBRAwQCgAZ1gQRShBSHAAAAABJRU5ErkJggg=="
  static let pixelGIF = "R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7"
  static let webp = "UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA=="

  static func uri(_ base64: String, _ mime: String = "image/png") -> String { "data:\(mime);base64,\(base64)" }
}

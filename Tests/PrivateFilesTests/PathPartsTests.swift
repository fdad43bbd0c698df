import PrivateFiles
import Testing

@Suite struct PathPartsTests {
  @Test func aBareNameLivesInTheCurrentFolder() {
    #expect(PathParts("a") == PathParts(folder: ".", name: "a"))
    #expect(PathParts("-") == PathParts(folder: ".", name: "-"))
    #expect(PathParts("~") == PathParts(folder: ".", name: "~"))
    #expect(PathParts("export.zip") == PathParts(folder: ".", name: "export.zip"))
  }

  @Test func theDotsAreNamesLikeAnyOther() {
    #expect(PathParts(".") == PathParts(folder: ".", name: "."))
    #expect(PathParts("./") == PathParts(folder: ".", name: "."))
    #expect(PathParts("..") == PathParts(folder: ".", name: ".."))
    #expect(PathParts("./l") == PathParts(folder: ".", name: "l"))
  }

  @Test func trailingAndDoubledSlashesNameTheSameThing() {
    #expect(PathParts("a/b/") == PathParts(folder: "a", name: "b"))
    #expect(PathParts("a//b") == PathParts(folder: "a", name: "b"))
    #expect(PathParts("/tmp/") == PathParts(folder: "/", name: "tmp"))
  }

  @Test func theRootIsItsOwnFolderAndName() {
    #expect(PathParts("/") == PathParts(folder: "/", name: "/"))
    #expect(PathParts("//") == PathParts(folder: "/", name: "/"))
    #expect(PathParts("/a") == PathParts(folder: "/", name: "a"))
    #expect(PathParts("//a") == PathParts(folder: "/", name: "a"))
  }

  @Test func anEmptyPathHasAnEmptyNameInTheCurrentFolder() {
    #expect(PathParts("") == PathParts(folder: ".", name: ""))
  }

  @Test func joiningPutsOneSlashBetween() {
    #expect(PathParts.joining(".", "a") == "./a")
    #expect(PathParts.joining("/", "a") == "/a")
    #expect(PathParts.joining("x/", "a") == "x/a")
    #expect(PathParts.joining("x", "a") == "x/a")
  }

  @Test func theExtensionIsAfterTheLastDotOfTheName() {
    #expect(PathParts.fileExtension(of: "memo.M4A") == "M4A")
    #expect(PathParts.fileExtension(of: "a.tar.gz") == "gz")
    #expect(PathParts.fileExtension(of: "l") == "")
    #expect(PathParts.fileExtension(of: ".profile") == "")
    #expect(PathParts.fileExtension(of: "notes.d/memo") == "")
  }

  @Test func removingTheExtensionKeepsTheFolder() {
    #expect(PathParts.removingExtension(of: "notes/log.sqlite") == "notes/log")
    #expect(PathParts.removingExtension(of: "l") == "l")
    #expect(PathParts.removingExtension(of: "h") == "h")
    #expect(PathParts.removingExtension(of: ".hidden") == ".hidden")
    #expect(PathParts.removingExtension(of: "a.b/c") == "a.b/c")
  }

  @Test func aNameBeginningWithACombiningMarkIsSplitAtItsSlash() {
    // U+0301 after the slash is one Character with it, but the kernel splits at the byte.
    #expect(PathParts("box/cur/\u{301}p") == PathParts(folder: "box/cur", name: "\u{301}p"))
    #expect(PathParts("a/\u{301}/") == PathParts(folder: "a", name: "\u{301}"))
    #expect(PathParts("/\u{301}") == PathParts(folder: "/", name: "\u{301}"))
    #expect(PathParts.fileExtension(of: "memo.\u{301}m4a") == "\u{301}m4a")
    #expect(PathParts.removingExtension(of: "a/memo.\u{301}m4a") == "a/memo")
  }
}

import ArgumentParser
import Foundation
import Localization
import NotesStore
import PrivateFiles
import SQLiteStore
import ToolKit
import Wire

enum TransferFormat: String, ExpressibleByArgument, CaseIterable { case ndjson, markdown, ailo }

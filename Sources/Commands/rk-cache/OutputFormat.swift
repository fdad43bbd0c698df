import ArgumentParser

/// `--format` of list and search: records for programs, or a table for people.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable { case ndjson, table }

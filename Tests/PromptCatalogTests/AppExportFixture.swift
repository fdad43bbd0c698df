import Foundation

/// A catalog as the app exports it, written by hand: camelCase, upper-case UUIDs, dates with
/// fractional seconds, root items with `parentId` null or left out, optional members left out,
/// and members this version does not know at every level (`appVersion`, `isExpanded`, `model`,
/// `color`, `archived`, `summary`, `note`).
enum AppExportFixture {
  static let mailFolder = "6F1C0B4E-1D2A-4F5B-9C3D-2E8A7B6C5D4F"
  static let replyFolder = "A1B2C3D4-E5F6-4A7B-8C9D-0E1F2A3B4C5D"
  static let freundlichItem = "0D9E8F7A-6B5C-4D3E-9F1A-2B3C4D5E6F70"
  static let notesFolder = "11111111-2222-4333-8444-555555555555"
  static let korrekturItem = "9A8B7C6D-5E4F-4A3B-8C2D-1E0F9A8B7C6D"
  static let freundlichPreset = "C0FFEE00-1234-4ABC-9DEF-0123456789AB"
  static let korrekturPreset = "DEADBEEF-0000-4111-8222-333344445555"
  static let draftPreset = "FEEDFACE-AAAA-4BBB-8CCC-DDDDEEEEFFFF"
  static let recipe = "5A5A5A5A-6B6B-4C7C-8D8D-9E9E9E9E9E9E"
  static let cookbook = "B00CB00C-1111-4222-8333-444455556666"
  static let chapter = "C4A97E40-7777-4888-9999-AAAABBBBCCCC"

  static let json = #"""
    {
      "version": 1,
      "exportDate": "2025-03-14T09:26:53.589Z",
      "appVersion": "2.4.1 (311)",
      "menuItems": [
        {
          "id": "6F1C0B4E-1D2A-4F5B-9C3D-2E8A7B6C5D4F",
          "parentId": null,
          "name": "Mail",
          "icon": "✉️",
          "keywords": "Sprache: Deutsch; Ton: sachlich",
          "sortOrder": 0,
          "type": "folder",
          "isExpanded": true
        },
        {
          "id": "A1B2C3D4-E5F6-4A7B-8C9D-0E1F2A3B4C5D",
          "parentId": "6F1C0B4E-1D2A-4F5B-9C3D-2E8A7B6C5D4F",
          "name": "Reply",
          "keywords": "Ton: freundlich",
          "sortOrder": 0,
          "type": "folder",
          "isExpanded": false
        },
        {
          "id": "0D9E8F7A-6B5C-4D3E-9F1A-2B3C4D5E6F70",
          "parentId": "A1B2C3D4-E5F6-4A7B-8C9D-0E1F2A3B4C5D",
          "name": "Freundlich",
          "icon": "🙂",
          "sortOrder": 0,
          "type": "preset",
          "presetId": "C0FFEE00-1234-4ABC-9DEF-0123456789AB"
        },
        {
          "id": "11111111-2222-4333-8444-555555555555",
          "name": "Notes",
          "icon": "📝",
          "sortOrder": 1,
          "type": "folder"
        },
        {
          "id": "9A8B7C6D-5E4F-4A3B-8C2D-1E0F9A8B7C6D",
          "parentId": "11111111-2222-4333-8444-555555555555",
          "name": "Korrektur",
          "sortOrder": 0,
          "type": "preset",
          "presetId": "DEADBEEF-0000-4111-8222-333344445555"
        }
      ],
      "presets": [
        {
          "id": "C0FFEE00-1234-4ABC-9DEF-0123456789AB",
          "name": "Freundlich",
          "text": "Antworte {{Ton}} auf {{Sprache}}.\nAnrede: {{Anrede|Sie}}; Gruß: {{Gruß}}",
          "icon": "🙂",
          "keywords": "Gruß: Herzliche Grüße",
          "isDefault": false,
          "createdAt": "2024-11-02T18:04:11.123Z",
          "updatedAt": "2025-01-20T07:45:00.5Z",
          "model": {"name": "gpt-4o-mini", "temperature": 0.7, "maxTokens": 800, "stop": ["\n\n\n"]}
        },
        {
          "id": "DEADBEEF-0000-4111-8222-333344445555",
          "name": "Korrektur",
          "text": "Korrigiere Rechtschreibung und Grammatik.",
          "isDefault": true,
          "createdAt": "2024-11-02T18:04:11Z",
          "updatedAt": "2024-12-24T16:00:00.000+01:00"
        },
        {
          "id": "FEEDFACE-AAAA-4BBB-8CCC-DDDDEEEEFFFF",
          "name": "Entwurf",
          "text": "Ein Preset, das in keinem Menü steht.",
          "keywords": "Liste: a\\; b",
          "isDefault": false,
          "createdAt": "2025-03-01T12:00:00.000001Z",
          "updatedAt": "2025-03-01T12:00:00.000001Z"
        }
      ],
      "recipes": [
        {
          "id": "5A5A5A5A-6B6B-4C7C-8D8D-9E9E9E9E9E9E",
          "name": "Antwort mit Korrektur",
          "separator": "\n\n",
          "keywords": "Firma: ACME",
          "icon": "📨",
          "cookbookId": "B00CB00C-1111-4222-8333-444455556666",
          "chapterId": "C4A97E40-7777-4888-9999-AAAABBBBCCCC",
          "sortOrder": 0,
          "createdAt": "2025-02-01T10:00:00.000Z",
          "updatedAt": "2025-02-03T08:30:00.250Z",
          "color": "#FF8800"
        }
      ],
      "cookbooks": [
        {
          "id": "B00CB00C-1111-4222-8333-444455556666",
          "name": "Büro",
          "icon": "🏢",
          "keywords": "Abteilung: Einkauf; Firma: Beispiel GmbH",
          "sortOrder": 0,
          "archived": false,
          "chapters": [
            {"id": "C4A97E40-7777-4888-9999-AAAABBBBCCCC", "name": "Post", "sortOrder": 0, "summary": "Alles zur Post"}
          ]
        }
      ],
      "recipeMenuItems": [
        {"recipeId": "5A5A5A5A-6B6B-4C7C-8D8D-9E9E9E9E9E9E", "menuItemId": "9A8B7C6D-5E4F-4A3B-8C2D-1E0F9A8B7C6D", "sortOrder": 1},
        {"recipeId": "5A5A5A5A-6B6B-4C7C-8D8D-9E9E9E9E9E9E", "menuItemId": "0D9E8F7A-6B5C-4D3E-9F1A-2B3C4D5E6F70", "sortOrder": 0, "note": "zuerst"}
      ]
    }
    """#

  static var data: Data { Data(json.utf8) }
}

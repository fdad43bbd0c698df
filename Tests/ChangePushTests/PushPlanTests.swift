import ChangePush
import Foundation
import OfflineStore
import Testing
import Wire

/// The conflict rule on its own: which queued fields are sent, already held, or lost to the server.
@Suite struct PushPlanTests {
  let madeAt = Date(timeIntervalSince1970: 1_900_000_000)
  var before: String { RFC3339.string(from: madeAt.addingTimeInterval(-60)) }
  var after: String { RFC3339.string(from: madeAt.addingTimeInterval(60)) }

  func labels(add: [String], remove: [String], base: [String], revision: Int64 = 3) -> QueuedChange {
    QueuedChange(
      change: FieldChange(
        id: "b", field: "labels", addLabels: add, removeLabels: remove, base: .array(base.map(JSONValue.string)),
        madeAt: madeAt),
      revision: revision)
  }

  func archive(base: Bool = false, revision: Int64 = 5) -> QueuedChange {
    QueuedChange(
      change: FieldChange(id: "b", field: "is_archived", value: true, base: .bool(base), madeAt: madeAt),
      revision: revision)
  }

  @Test func labelsChangedOnTheServerAfterwardsLoseTheirOfflineChange() {
    let plan = PushPlan(
      [labels(add: ["x"], remove: ["old"], base: ["old"]), archive()],
      server: ["labels": ["old", "other"], "is_archived": false, "updated": .string(after)])
    #expect(plan.conflicts.map(\.change.field) == ["labels"])
    #expect(plan.conflicts.first?.serverValue == ["old", "other"])
    #expect(plan.patch == ["is_archived": true])
    #expect(plan.sent == ["is_archived": 5])
  }

  @Test func labelsChangedOnTheServerBeforeAreSentAsAdditionsAndRemovals() {
    let plan = PushPlan(
      [labels(add: ["x"], remove: ["old"], base: ["old"])],
      server: ["labels": ["old", "other"], "updated": .string(before)])
    #expect(plan.conflicts.isEmpty)
    #expect(plan.patch == ["add_labels": ["x"], "remove_labels": ["old"]])
    #expect(plan.sent == ["labels": 3])
  }

  @Test func whatTheServerAlreadyHoldsIsNeitherSentNorAConflict() {
    let plan = PushPlan(
      [labels(add: ["x"], remove: ["old"], base: ["old"]), archive()],
      server: ["labels": ["x"], "is_archived": true, "updated": .string(after)])
    #expect(plan.patch.isEmpty && plan.conflicts.isEmpty)
    #expect(plan.applied == ["labels": 3, "is_archived": 5])
  }

  @Test func aBookmarkTheServerDidNotListIsSentToLearnItsFate() {
    let plan = PushPlan([archive()], server: nil)
    #expect(plan.patch == ["is_archived": true])
    #expect(plan.conflicts.isEmpty && plan.applied.isEmpty)
  }

  @Test func fieldsTheServerLeavesOutCountAsTheirDefaults() {
    // Progress 0 and false flags may be absent; a base of 0 is then no difference.
    let progress = QueuedChange(
      change: FieldChange(id: "b", field: "read_progress", value: 100, base: 0, madeAt: madeAt), revision: 1)
    let plan = PushPlan([progress], server: ["updated": .string(after)])
    #expect(plan.conflicts.isEmpty)
    #expect(plan.patch == ["read_progress": 100])
  }
}

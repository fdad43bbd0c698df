# readkeep.mk — the offline-reading chores as make targets. Include it from your own Makefile or
# run it as it is:
#   make -f scripts/readkeep.mk sync            push, follow the server, fetch, embed images, store,
#                                               prune (at most every 4 h)
#   make -f scripts/readkeep.mk sync FORCE=1    now, however recent the last sync
#   make -f scripts/readkeep.mk sync COLLECTION='Systems reading' LABELS='swift rust'
#                                               new articles only from that Readeck collection
#                                               (name in any case, or id) with either label
#   make -f scripts/readkeep.mk sync PREFETCH=5 also the 5 unread articles most like what was read
#                                               in the last 30 days (rk-cache suggest)
#   make -f scripts/readkeep.mk search Q=swift  full-text search
#   make -f scripts/readkeep.mk read ID=…       write one article to $(READ_DIR) and open it
#   make -f scripts/readkeep.mk stats | export
#   make -f scripts/readkeep.mk audiobook       the unread articles read aloud into $(AUDIOBOOK)
#                                               (unread.m4b; PIPER=, VOICE= for Piper, else espeak-ng)
# The server and token come from READECK_URL and READECK_TOKEN (or the tools' config file), the
# store from DB=, else where the tools look themselves: RK_DB, else $XDG_DATA_HOME/readkeep.
# Every recipe runs under /bin/sh. A stage that fails fails the target. Only a whole sync counts
# for the MAX_AGE throttle: rk-cache store --hold-sync keeps the time of a complete summary aside,
# and rk-cache record-sync records it as the last step, after the prune; a sync interrupted
# anywhere before (Ctrl-C, a failing stage) records nothing, and the next one runs at once. A
# push with changes refused (75) still counts: they stay queued, and would never let it count.
# The messages come from rk-cache make-message, in the user's language.

RK_BIN    ?=
DB        ?=
LIMIT     ?= 20
KEEP      ?= 200
MAX_AGE   ?= 4h
FORCE     ?=
COLLECTION ?=
LABELS    ?=
PREFETCH  ?= 0
READ_DIR  ?= $(HOME)/.cache/readkeep
EXPORT    ?= readkeep-$(shell date +%Y%m%d).zip
AUDIOBOOK ?= unread.m4b
PIPER     ?=
VOICE     ?=
FETCH_OPTS  ?=
IMAGE_OPTS  ?=
PUSH_OPTS   ?=
HIGHLIGHT_OPTS ?=

SHELL := /bin/sh
rk = $(if $(RK_BIN),$(RK_BIN)/,)
# Without DB=, no --db: a path spelled out here would hide RK_DB and XDG_DATA_HOME, and the
# sync would write one store while the tools read another.
db = $(if $(DB),--db "$(DB)",)
# Which new articles the fetch selects: COLLECTION (its saved filters and the unread state),
# LABELS a list meaning any of them (a label with a space goes in FETCH_OPTS as --label "a b").
# The server's changes, the highlights, saved links and stale articles are followed whatever
# the selection, so that everything cached stays true.
select = $(if $(COLLECTION),--collection "$(COLLECTION)",) $(foreach label,$(LABELS),--label "$(label)")

.PHONY: sync search read stats export audiobook

# The order keeps offline changes safe: rk-push first sends them (a change leaves the queue only
# once the server confirmed it); then the server's changes since the last sync are applied
# (archived, relabelled, deleted elsewhere; a field with a change still queued keeps its local
# value); then every highlight on the server is listed into the store; then new unread articles
# are fetched — the newest LIMIT, every link saved with rk-cache add that the server has created
# since, however many, and again every cached article missing a highlight made on the phone
# (only the server knows where it lies; colours, notes and deletions from the listing, and what
# was made here, the store draws itself), so page, text and epub show it, and with PREFETCH=N the N unread articles that rk-cache suggest ranks
# best by the labels, sites and authors read in the last 30 days, besides the newest LIMIT
# (rk-prune treats them like any other) — their images embedded, and stored; last, rk-prune
# removes the archived and keeps KEEP (with --yes: KEEP=0 is a choice made here, and a sync the
# prune refused would never count as complete). Before the first sync there is no store: rk-push
# has nothing to push, rk-cache ids no ids (both exit 0), and the highlights' rk-cache store
# creates it, so rk-cache suggest finds it (with nothing read yet, it suggests nothing).
# A push that only some changes failed (75: refused or unanswered; they stay queued, and
# "rk-cache pending --drop" gives a refused one up) does not hold up the fetch: the sync goes on
# and ends with 75. A server that answers nothing (69) or refuses the token (77) stops it.
# Each pipeline stage writes its exit status to a file; the pipeline's own status is only the
# last stage's under /bin/sh, which has no pipefail.
sync:
	@if [ -z "$(FORCE)" ] && ! $(rk)rk-cache needs-sync $(db) --max-age $(MAX_AGE); then \
	  $(rk)rk-cache make-message recent "$(MAX_AGE)"; exit 0; fi; \
	status=$$(mktemp -d) || exit 1; \
	trap 'rm -rf "$$status"' EXIT; \
	$(rk)rk-push $(db) $(PUSH_OPTS) > /dev/null; pushed=$$?; \
	if [ "$$pushed" = 75 ]; then $(rk)rk-cache make-message push-kept; \
	elif [ "$$pushed" != 0 ]; then $(rk)rk-cache make-message push-failed "$$pushed"; exit "$$pushed"; fi; \
	if since=$$($(rk)rk-cache last-sync $(db) 2> /dev/null); then \
	  { $(rk)rk-fetch --since "$$since" --state all --limit 0 --metadata-only $(FETCH_OPTS); \
	    echo $$? > "$$status/changes"; } \
	  | { $(rk)rk-cache store $(db) --hold-sync; echo $$? > "$$status/apply"; }; \
	  for stage in changes apply; do \
	    code=$$(cat "$$status/$$stage" 2>/dev/null || echo 1); \
	    if [ "$$code" != 0 ]; then $(rk)rk-cache make-message stage-failed "$$stage" "$$code"; exit "$$code"; fi; \
	  done; \
	fi; \
	{ $(rk)rk-fetch --highlights $(HIGHLIGHT_OPTS); echo $$? > "$$status/highlights"; } \
	| { $(rk)rk-cache store $(db) --hold-sync; echo $$? > "$$status/keep"; }; \
	for stage in highlights keep; do \
	  code=$$(cat "$$status/$$stage" 2>/dev/null || echo 1); \
	  if [ "$$code" != 0 ]; then $(rk)rk-cache make-message stage-failed "$$stage" "$$code"; exit "$$code"; fi; \
	done; \
	$(rk)rk-cache ids $(db) --saved --stale > "$$status/saved" || exit; \
	if [ -n "$(PREFETCH)" ] && [ "$(PREFETCH)" != 0 ]; then \
	  { $(rk)rk-fetch --metadata-only --state unread --limit 0 $(select) $(FETCH_OPTS); \
	    echo $$? > "$$status/unread"; } \
	  | { $(rk)rk-cache suggest $(db) --limit "$(PREFETCH)" --skip-first "$(LIMIT)" >> "$$status/saved"; \
	    echo $$? > "$$status/suggest"; }; \
	  for stage in unread suggest; do \
	    code=$$(cat "$$status/$$stage" 2>/dev/null || echo 1); \
	    if [ "$$code" != 0 ]; then $(rk)rk-cache make-message stage-failed "$$stage" "$$code"; exit "$$code"; fi; \
	  done; \
	fi; \
	{ $(rk)rk-cache ids $(db); echo $$? > "$$status/ids"; } \
	| { $(rk)rk-fetch --limit $(LIMIT) --skip-ids - --also-ids "$$status/saved" $(select) $(FETCH_OPTS); \
	    echo $$? > "$$status/fetch"; } \
	| { $(rk)rk-extract-images --embed $(IMAGE_OPTS); echo $$? > "$$status/images"; } \
	| { $(rk)rk-cache store $(db) --hold-sync; echo $$? > "$$status/store"; }; \
	failed=0; \
	for stage in ids fetch images store; do \
	  code=$$(cat "$$status/$$stage" 2>/dev/null || echo 1); \
	  if [ "$$code" = 75 ] && [ "$$stage" = images ]; then \
	    $(rk)rk-cache make-message images-kept; \
	  elif [ "$$code" != 0 ]; then $(rk)rk-cache make-message stage-failed "$$stage" "$$code"; failed=$$code; fi; \
	done; \
	[ "$$failed" = 0 ] || exit "$$failed"; \
	$(rk)rk-prune $(db) --archived --keep $(KEEP) --yes > /dev/null || exit; \
	$(rk)rk-cache record-sync $(db) || exit; \
	[ "$$pushed" = 0 ] || exit "$$pushed"

search:
	@[ -n "$(Q)" ] || { $(rk)rk-cache make-message no-query; exit 64; }
	@$(rk)rk-cache search $(db) --format table "$(Q)"

read:
	@[ -n "$(ID)" ] || { $(rk)rk-cache make-message no-id; exit 64; }
	@mkdir -p "$(READ_DIR)"
	@$(rk)rk-cache html $(db) "$(ID)" > "$(READ_DIR)/$(ID).html"
	@echo "$(READ_DIR)/$(ID).html"
	@if [ -n "$$DISPLAY$$WAYLAND_DISPLAY" ] && command -v xdg-open > /dev/null; then xdg-open "$(READ_DIR)/$(ID).html"; fi

stats:
	@$(rk)rk-cache stats $(db)

export:
	@$(rk)rk-cache export $(db) "$(EXPORT)"
	@echo "$(EXPORT)"

# The unread articles (not archived, read_progress below 100, offline changes counted), newest
# cached first, as rk-cache list says; the ids taken from its records, whose keys come sorted
# (no quote inside a value is unescaped, so the match is the record's own "id"). PIPER and VOICE
# become --piper and --voice when set; without them the config's piper = and voice = apply.
audiobook:
	@entries=$$($(rk)rk-cache list $(db)) || exit; \
	ids=$$(printf '%s\n' "$$entries" | grep -v '"is_archived":true' | grep -v '"read_progress":100[,}]' \
	  | sed -n 's/.*"cached_at":"[^"]*","id":"\([^"]*\)".*/\1/p'); \
	[ -n "$$ids" ] || { $(rk)rk-cache make-message no-unread; exit 0; }; \
	$(rk)rk-cache audio $(db) $(if $(PIPER),--piper "$(PIPER)",) $(if $(VOICE),--voice "$(VOICE)",) \
	  -o "$(AUDIOBOOK)" $$ids

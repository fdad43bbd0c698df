# readkeep.mk — the offline-reading chores as make targets. Include it from your own Makefile or
# run it as it is:
#   make -f scripts/readkeep.mk sync            fetch, embed images, store, prune (at most every 4 h)
#   make -f scripts/readkeep.mk sync FORCE=1    now, however recent the last sync
#   make -f scripts/readkeep.mk search Q=swift  full-text search
#   make -f scripts/readkeep.mk read ID=…       write one article to $(READ_DIR) and open it
#   make -f scripts/readkeep.mk stats | export
# The server and token come from READECK_URL and READECK_TOKEN (or the tools' config file), the
# store from DB=, else where the tools look themselves: RK_DB, else $XDG_DATA_HOME/readkeep.
# Every recipe runs under /bin/sh. A stage that fails fails the target; a sync whose stream broke
# off records no sync time, because rk-cache store only records one from a complete summary.

RK_BIN    ?=
DB        ?=
LIMIT     ?= 20
KEEP      ?= 200
MAX_AGE   ?= 4h
FORCE     ?=
READ_DIR  ?= $(HOME)/.cache/readkeep
EXPORT    ?= readkeep-$(shell date +%Y%m%d).zip
FETCH_OPTS  ?=
IMAGE_OPTS  ?=

SHELL := /bin/sh
rk = $(if $(RK_BIN),$(RK_BIN)/,)
# Without DB=, no --db: a path spelled out here would hide RK_DB and XDG_DATA_HOME, and the
# sync would write one store while the tools read another.
db = $(if $(DB),--db "$(DB)",)

.PHONY: sync search read stats export

# Each stage writes its exit status to a file; the pipeline's own status is only the last
# stage's under /bin/sh, which has no pipefail. Before the first sync there is no store, and
# rk-cache ids says so with 66: then nothing is cached to skip, and rk-cache store creates it.
sync:
	@if [ -z "$(FORCE)" ] && ! $(rk)rk-cache needs-sync $(db) --max-age $(MAX_AGE); then \
	  echo "readkeep: synced less than $(MAX_AGE) ago (FORCE=1 to sync anyway)" >&2; exit 0; fi; \
	status=$$(mktemp -d) || exit 1; \
	trap 'rm -rf "$$status"' EXIT; \
	{ $(rk)rk-cache ids $(db) 2> "$$status/ids.err"; echo $$? > "$$status/ids"; } \
	| { $(rk)rk-fetch --limit $(LIMIT) --skip-ids - $(FETCH_OPTS); echo $$? > "$$status/fetch"; } \
	| { $(rk)rk-extract-images --embed $(IMAGE_OPTS); echo $$? > "$$status/images"; } \
	| { $(rk)rk-cache store $(db); echo $$? > "$$status/store"; }; \
	failed=0; \
	for stage in ids fetch images store; do \
	  code=$$(cat "$$status/$$stage" 2>/dev/null || echo 1); \
	  if [ "$$stage" = ids ]; then [ "$$code" = 66 ] && continue; cat "$$status/ids.err" >&2; fi; \
	  if [ "$$code" = 75 ] && [ "$$stage" = images ]; then \
	    echo "readkeep: some images failed; the articles keep their remote URLs" >&2; \
	  elif [ "$$code" != 0 ]; then echo "readkeep: $$stage failed (status $$code)" >&2; failed=$$code; fi; \
	done; \
	[ "$$failed" = 0 ] || exit "$$failed"; \
	$(rk)rk-prune $(db) --keep $(KEEP) > /dev/null

search:
	@[ -n "$(Q)" ] || { echo "readkeep: give the query as Q=…" >&2; exit 64; }
	@$(rk)rk-cache search $(db) --format table "$(Q)"

read:
	@[ -n "$(ID)" ] || { echo "readkeep: give the article as ID=…" >&2; exit 64; }
	@mkdir -p "$(READ_DIR)"
	@$(rk)rk-cache html $(db) "$(ID)" > "$(READ_DIR)/$(ID).html"
	@echo "$(READ_DIR)/$(ID).html"
	@if [ -n "$$DISPLAY$$WAYLAND_DISPLAY" ] && command -v xdg-open > /dev/null; then xdg-open "$(READ_DIR)/$(ID).html"; fi

stats:
	@$(rk)rk-cache stats $(db)

export:
	@$(rk)rk-cache export $(db) "$(EXPORT)"
	@echo "$(EXPORT)"

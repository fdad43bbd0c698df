# ail.mk — notes from voice memos: every recording in $(MEMOS) is transcribed once, cleaned up by
# ail-ai and written next to it as NAME.txt. Run it as often as you like:
#   make -f scripts/ail.mk MEMOS=~/Memos                      every new recording, with the preset Tidy
#   make -f scripts/ail.mk MEMOS=~/Memos RECIPE=Notes/Tidy    with a recipe of the catalog instead
#   make -f scripts/ail.mk MEMOS=~/Memos AI_OPTS='--provider local'
# A note is made again only when its recording is newer (make's timestamps); the same transcript
# with the same prompt is answered from ail-ai's response cache, so nothing is asked twice.
# Recipes run under /bin/sh; a stage that fails leaves no note behind and fails the target.

AIL_BIN          ?=
MEMOS            ?= $(HOME)/Memos
PRESET           ?= Tidy
RECIPE           ?=
SYSTEM           ?=
TRANSCRIBE_OPTS  ?=
AI_OPTS          ?=

SHELL := /bin/sh
ail = $(if $(AIL_BIN),$(AIL_BIN)/,)
prompt = $(if $(RECIPE),--recipe '$(RECIPE)',$(if $(SYSTEM),--system '$(SYSTEM)',--preset '$(PRESET)'))
recordings := $(wildcard $(foreach extension,m4a wav mp3 ogg opus flac,$(MEMOS)/*.$(extension)))

.PHONY: notes
notes: $(addsuffix .txt,$(basename $(recordings)))

# One recipe for every kind of recording; the note is written under a temporary name and renamed
# only when both stages succeeded.
define note
	@status=$$(mktemp -d) || exit 1; trap 'rm -rf "$$status"' EXIT; \
	{ $(ail)ail-transcribe --quiet --format text $(TRANSCRIBE_OPTS) "$<"; echo $$? > "$$status/transcribe"; } \
	| { $(ail)ail-ai --quiet --cache $(prompt) $(AI_OPTS); echo $$? > "$$status/ai"; } > "$@.part"; \
	for stage in transcribe ai; do \
	  code=$$(cat "$$status/$$stage" 2>/dev/null || echo 1); \
	  if [ "$$code" != 0 ]; then rm -f "$@.part"; echo "ail: $< — ail-$$stage failed (status $$code)" >&2; exit "$$code"; fi; \
	done; \
	mv "$@.part" "$@"; echo "$@"
endef

$(MEMOS)/%.txt: $(MEMOS)/%.m4a ; $(note)
$(MEMOS)/%.txt: $(MEMOS)/%.wav ; $(note)
$(MEMOS)/%.txt: $(MEMOS)/%.mp3 ; $(note)
$(MEMOS)/%.txt: $(MEMOS)/%.ogg ; $(note)
$(MEMOS)/%.txt: $(MEMOS)/%.opus ; $(note)
$(MEMOS)/%.txt: $(MEMOS)/%.flac ; $(note)

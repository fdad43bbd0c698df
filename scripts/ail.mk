# ail.mk — notes from voice memos: every recording in $(MEMOS) is transcribed, cleaned up by
# ail-ai and filed in the notes store as an ail-log entry (titled with its file name, the recording
# stored with it), once. Run it as often as you like:
#   make -f scripts/ail.mk MEMOS=~/Memos                          every new recording, preset Tidy      
#   make -f scripts/ail.mk MEMOS=~/Memos RECIPE=Notes/Tidy        with a recipe of the catalog instead
#   make -f scripts/ail.mk MEMOS=~/Memos CATEGORY=Voice TAGS='memo work' LOG_DB=~/notes.sqlite
# A stamp in $(STATE) marks a recording as filed, so make transcribes only new or newer ones; the
# store itself files a recording once per content, so a touched or renamed recording is not
# filed again. Recipes run under /bin/sh; a stage that fails files nothing and fails the target.
#   make -f scripts/ail.mk send                                   the outbox: every message that is due
#   make -f scripts/ail.mk send SENT=~/Mail/Sent SENDMAIL='msmtp -a work -t'

AIL_BIN          ?=
MEMOS            ?= $(HOME)/Memos
STATE            ?= $(MEMOS)/.ail-log
PRESET           ?= Tidy
RECIPE           ?=
SYSTEM           ?=
CATEGORY         ?=
TAGS             ?= memo
LOG_DB           ?=
TRANSCRIBE_OPTS  ?=
AI_OPTS          ?=
# For send; empty means the [ail-mail] keys of the config file (outbox, sendmail, sent).
OUTBOX           ?=
SENDMAIL         ?=
SENT             ?=

SHELL := /bin/sh
ail = $(if $(AIL_BIN),$(AIL_BIN)/,)
prompt = $(if $(RECIPE),--recipe '$(RECIPE)',$(if $(SYSTEM),--system '$(SYSTEM)',--preset '$(PRESET)'))
log_opts = $(if $(LOG_DB),--db '$(LOG_DB)') $(if $(CATEGORY),--category '$(CATEGORY)') $(foreach tag,$(TAGS),--tag '$(tag)')
recordings := $(wildcard $(foreach extension,m4a wav mp3 ogg opus flac,$(MEMOS)/*.$(extension)))

.PHONY: notes
notes: $(foreach recording,$(recordings),$(STATE)/$(notdir $(recording)).filed)

# The outbox's due messages go out through the sendmail command. Status 75 (a message waits for
# a later try, or another send is running) does not fail the target: the next run sends it.
send_opts = $(if $(OUTBOX),--outbox '$(OUTBOX)') $(if $(SENDMAIL),--sendmail '$(SENDMAIL)') $(if $(SENT),--sent '$(SENT)')

.PHONY: send
send:
	@$(ail)ail-mail outbox send $(send_opts); code=$$?; \
	if [ "$$code" = 75 ]; then echo "ail: mail waits for another try (ail-mail outbox list)" >&2; exit 0; fi; \
	exit "$$code"

# One recipe for every kind of recording: the recording's transcript record (its chunks are left
# out, so the model sees the whole text once) gets its ai_text from ail-ai, and ail-log files it
# with the recording. The stamp is written only when every stage succeeded.
define file_memo
	@mkdir -p "$(STATE)" && status=$$(mktemp -d) || exit 1; trap 'rm -rf "$$status"' EXIT; \
	{ $(ail)ail-transcribe --quiet $(TRANSCRIBE_OPTS) "$<"; echo $$? > "$$status/transcribe"; } \
	| grep -E '"kind": ?"transcript"[,}]' \
	| { $(ail)ail-ai --quiet --cache $(prompt) $(AI_OPTS); echo $$? > "$$status/ai"; } > "$$status/records"; \
	for stage in transcribe ai; do \
	  code=$$(cat "$$status/$$stage" 2>/dev/null || echo 1); \
	  if [ "$$code" != 0 ]; then echo "ail: $< — ail-$$stage failed (status $$code)" >&2; exit "$$code"; fi; \
	done; \
	$(ail)ail-log add --records --quiet $(log_opts) < "$$status/records" \
	  || { code=$$?; echo "ail: $< — ail-log failed (status $$code)" >&2; exit "$$code"; }; \
	touch "$@"; echo "$<"
endef

$(STATE)/%.filed: $(MEMOS)/% ; $(file_memo)

# mk/knob_check.mk: make's command line checked against the knob table
# (mk/generated/knobs.mk, generated from scripts/gen/regdefs/knobs.csv). Included by the
# Makefile once the knobs have their values. Refused with make's status 2:
# - a command-line variable that is no knob and no variable of the Makefile
#   (`unknown knob AXI_STAL: did you mean AXI_STALL?`); the environment is
#   not checked (CI runs with anything in it);
# - a value not in its knob's syntax (`AXI_STALL: '5 0' is not a decimal
#   number`): the simulator's knobs whatever their origin (the simulator would
#   get them), make's own variables when given on the command line.
# Ranges (AXI_STALL=101) are the simulator's to check.

# - a value holding a character its knob's syntax does not allow
#   (KNOB_CHARS_<syntax>, docs/knobs.md: none the shell reads), or starting
#   with - or ~ where that is refused, whatever the origin (command line or
#   environment): the recipes paste values into shell text, so a value is
#   used literally or refused, never run. It is read unexpanded ($(value)),
#   so make runs nothing of it either.

KNOB_GIVEN := $(foreach v,$(.VARIABLES),$(if $(filter command line,$(origin $(v))),$(v)))
KNOB_UNKNOWN := $(filter-out $(KNOB_NAMES),$(KNOB_GIVEN))
# a name of anything but letters, digits and _ never reaches the shell either
knob_name_chars := A B C D E F G H I J K L M N O P Q R S T U V W X Y Z a b c d e f g h i j k l m n o p q r s t u v w x y z 0 1 2 3 4 5 6 7 8 9 _
knob_strip = $(if $(2),$(call knob_strip,$(subst $(firstword $(2)),,$(1)),$(wordlist 2,$(words $(2)),$(2))),$(1))
ifneq ($(KNOB_UNKNOWN),)
ifneq ($(call knob_strip,$(KNOB_UNKNOWN),$(knob_name_chars)),)
$(error unknown knob $(firstword $(KNOB_UNKNOWN)) (docs/knobs.md lists the knobs))
endif
$(error $(or $(shell python3 scripts/gen/knobs.py unknown $(KNOB_UNKNOWN) 2>/dev/null),unknown knob $(firstword $(KNOB_UNKNOWN)) (docs/knobs.md lists the knobs)))
endif

# what is left of a value once its digits are gone
knob_nondigits = $(subst 0,,$(subst 1,,$(subst 2,,$(subst 3,,$(subst 4,,$(subst 5,,$(subst 6,,$(subst 7,,$(subst 8,,$(subst 9,,$(1)))))))))))
knob_one_word = $(filter 1,$(words $(1)))
# $(call knob_ok_<syntax>,value,knob): non-empty when the value has the syntax
knob_ok_uint = $(and $(call knob_one_word,$(1)),$(if $(call knob_nondigits,$(1)),,y))
knob_ok_range = $(and $(call knob_one_word,$(1)),$(if $(filter :% %: %::%,$(1)),,y),$(filter 1 2,$(words $(subst :, ,$(1)))),$(if $(call knob_nondigits,$(subst :,,$(1))),,y))
knob_ok_ns = $(and $(call knob_one_word,$(1)),$(if $(filter .% %. %..%,$(1)),,y),$(filter 1 2,$(words $(subst ., ,$(1)))),$(if $(call knob_nondigits,$(subst .,,$(1))),,y))
knob_ok_bytes = $(call knob_ok_uint,$(or $(firstword $(foreach u,K M G k m g,$(patsubst %$(u),%,$(filter %$(u),$(1))))),$(1)))
knob_ok_enum = $(and $(call knob_one_word,$(1)),$(filter $(KNOB_CHOICES_$(2)),$(1)))
knob_check = $(if $(strip $(value $(1))),$(if $(call knob_ok_$(KNOB_SYNTAX_$(1)),$(value $(1)),$(1)),,$(error $(1): '$(value $(1))' is not $(KNOB_WHAT_$(1)))))

$(foreach k,$(KNOB_CHECKED),$(call knob_check,$(k)))
$(foreach k,$(KNOB_CHECKED_CMDLINE),$(if $(filter command line,$(origin $(k))),$(call knob_check,$(k))))

# a space or quote in a path first, with its own message
include mk/path_check.mk

knob_empty :=
knob_space := $(knob_empty) $(knob_empty)
# what is left of a knob's raw value once its syntax's characters are gone
knob_bad_chars = $(call knob_strip,$(if $(KNOB_SPACES_$(KNOB_SET_$(1))),$(subst $(knob_space),,$(value $(1))),$(value $(1))),$(KNOB_CHARS_$(KNOB_SET_$(1))))
knob_chars_refuse = $(error $(1): '$(value $(1))' holds $(2): a $(KNOB_SET_$(1)) value holds $(KNOB_CHARS_DOC_$(KNOB_SET_$(1))))
define knob_newline


endef
knob_tab := $(knob_empty)	$(knob_empty)
knob_shown = $(subst $(knob_tab),<tab>,$(subst $(knob_newline),<newline>,$(1)))
knob_chars_check = $(if $(call knob_bad_chars,$(1)),$(call knob_chars_refuse,$(1),'$(call knob_shown,$(call knob_bad_chars,$(1)))'),$(if $(KNOB_BAD_FIRST_$(KNOB_SET_$(1))),$(if $(filter $(KNOB_BAD_FIRST_$(KNOB_SET_$(1))),$(value $(1))),$(call knob_chars_refuse,$(1),a word starting with $(firstword $(foreach c,- ~,$(if $(filter $(c)%,$(value $(1))),'$(c)')))))))
$(foreach k,$(KNOB_NAMES),$(if $(filter command line environment environment override,$(origin $(k))),$(call knob_chars_check,$(k))))
# the case runner's logs folder (scripts/systest/run.py) reaches the recipes as LOG_DIR's default
KNOB_SET_SIM_LOG_ROOT := path
$(if $(filter environment command line,$(origin SIM_LOG_ROOT)),$(call knob_chars_check,SIM_LOG_ROOT))

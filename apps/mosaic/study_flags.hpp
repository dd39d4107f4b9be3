#pragma once

#include <CLI/CLI.hpp>
#include <algorithm>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "mosaic/core/schema/table.hpp"

namespace mosaic::cli {

// The command-line flag of a field: its canonical name with '-' for '_' ("fail_random" ->
// "--fail-random"); a positional field keeps its bare name.
std::string flag_of(const FieldInfo& field);

// A command line of this CLI for a study and some of its options, in the order given, each
// option named by its table key and spelled as add_study_flags spells it (a boolean that is set
// is its bare flag). Pages that suggest a next command get it from here, so no flag name is
// written anywhere but in this folder. An unknown key is a programming error and throws.
template <class Options>
std::string command_line(const std::string& study,
                         const std::vector<std::pair<std::string, std::string>>& options) {
  std::string line = "mosaic " + study;
  for (const auto& option : options) {
    // Named, not a structured binding: the lambda below captures the key.
    const std::string& key = option.first;
    const std::string& value = option.second;
    const auto& table = Options::fields();
    const auto field = std::find_if(table.begin(), table.end(),
                                    [&key](const FieldInfo& f) { return f.key == key; });
    if (field == table.end()) throw std::logic_error("no option \"" + key + "\" in " + study);
    if (field->positional)
      line += " " + value;
    else if (field->kind == FieldKind::kBool)
      line += " " + flag_of(*field);
    else
      line += " " + flag_of(*field) + " " + value;
  }
  return line;
}

// Installs one flag per field of a study's options table. Each value goes through the table's
// own parser and range check (so the CLI, Python and TOML accept the same values and name the
// same field in errors); a boolean gets --name and --no-name; a list takes comma-separated items
// and may be repeated. Cross-field rules are the options' validate(), called by the study.
// `short_names` gives a field a one-letter flag beside its own ({"output", "-o"}).
template <class Options>
void add_study_flags(CLI::App& cmd, const std::shared_ptr<Options>& options,
                     const std::map<std::string, std::string>& short_names = {});

namespace detail {
std::string help_text(const FieldInfo& field, const FieldValue& default_value);
std::string type_text(const FieldInfo& field);
}  // namespace detail

template <class Options>
void add_study_flags(CLI::App& cmd, const std::shared_ptr<Options>& options,
                     const std::map<std::string, std::string>& short_names) {
  const Options defaults{};
  for (const Field<Options>& f : Options::fields()) {
    const Field<Options>* field = &f;  // the tables are static: the pointer outlives the parse
    const std::string help = detail::help_text(f, f.get(defaults));
    const auto short_name = short_names.find(f.key);
    const std::string names =
        short_name == short_names.end() ? flag_of(f) : short_name->second + "," + flag_of(f);
    CLI::Option* option = nullptr;
    if (f.kind == FieldKind::kBool) {
      option = cmd.add_flag_function(
          flag_of(f) + ",!--no-" + flag_of(f).substr(2),
          [options, field](std::int64_t count) {
            set_field(*options, *field, FieldValue{count > 0});
          },
          help);
    } else if (f.kind == FieldKind::kList) {
      option = cmd.add_option_function<std::vector<std::string>>(
                      flag_of(f),
                      [options, field](const std::vector<std::string>& given) {
                        // Split here rather than by the parser, which would drop an empty item
                        // ("1,,2") instead of refusing it.
                        std::vector<std::string> items;
                        for (const auto& text : given) {
                          const auto parts =
                              std::get<std::vector<std::string>>(parse_value(*field, text));
                          items.insert(items.end(), parts.begin(), parts.end());
                        }
                        set_field(*options, *field, FieldValue{items});
                      },
                      help)
                   ->allow_extra_args(false);
    } else {
      option = cmd.add_option_function<std::string>(
          names,
          [options, field](const std::string& text) {
            refuse_empty_path(*field, FieldValue{text});
            set_field_from_string(*options, *field, text);
          },
          help);
    }
    if (f.kind != FieldKind::kBool) option->type_name(detail::type_text(f));
  }
}

}  // namespace mosaic::cli

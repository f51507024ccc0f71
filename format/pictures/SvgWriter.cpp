//===- format/pictures/SvgWriter.cpp - Writing SVG documents --------------===//
//
// Part of Sextant. XML escaping and the element bookkeeping of SvgWriter.
//
//===----------------------------------------------------------------------===//

#include "format/pictures/SvgWriter.h"
#include "format/schema/JsonWriter.h"

namespace sextant {
namespace format {

namespace {
constexpr char ReplacementCharacter[] = "\xEF\xBF\xBD"; // U+FFFD
} // namespace

void appendXmlEscaped(std::string &Out, std::string_view Text) {
  size_t Pos = 0;
  while (Pos < Text.size()) {
    unsigned char C = static_cast<unsigned char>(Text[Pos]);
    if (C >= 0x80) {
      Pos = appendUtf8Sequence(Out, Text, Pos, ReplacementCharacter);
      continue;
    }
    ++Pos;
    switch (C) {
    case '&':
      Out += "&amp;";
      break;
    case '<':
      Out += "&lt;";
      break;
    case '>':
      Out += "&gt;";
      break;
    case '"':
      Out += "&quot;";
      break;
    case '\'':
      Out += "&apos;";
      break;
    case '\t':
    case '\n':
    case '\r':
      Out += static_cast<char>(C);
      break;
    default:
      if (C < 0x20 || C == 0x7F)
        Out += ReplacementCharacter;
      else
        Out += static_cast<char>(C);
    }
  }
}

std::string svgNumber(double Value) {
  std::string Text = formatFixed(Value, 2);
  while (!Text.empty() && Text.back() == '0')
    Text.pop_back();
  if (!Text.empty() && Text.back() == '.')
    Text.pop_back();
  return Text == "-0" ? "0" : Text;
}

SvgWriter::SvgWriter(double Width, double Height) {
  Out = "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n";
  open("svg")
      .attribute("xmlns", "http://www.w3.org/2000/svg")
      .attribute("version", "1.1")
      .attribute("width", Width)
      .attribute("height", Height)
      .attribute("viewBox",
                 "0 0 " + svgNumber(Width) + " " + svgNumber(Height));
}

void SvgWriter::endStartTag() {
  if (Open.empty() || !Open.back().StartTagOpen)
    return;
  Out += '>';
  // The document element's children each start a line.
  if (Open.size() == 1)
    Out += '\n';
  Open.back().StartTagOpen = false;
}

SvgWriter &SvgWriter::open(std::string_view Name) {
  endStartTag();
  Out += '<';
  Out += Name;
  Open.push_back({std::string(Name), true});
  return *this;
}

SvgWriter &SvgWriter::attribute(std::string_view Name, std::string_view Value) {
  Out += ' ';
  Out += Name;
  Out += "=\"";
  appendXmlEscaped(Out, Value);
  Out += '"';
  return *this;
}

SvgWriter &SvgWriter::attribute(std::string_view Name, double Value) {
  return attribute(Name, svgNumber(Value));
}

SvgWriter &SvgWriter::text(std::string_view Text) {
  endStartTag();
  appendXmlEscaped(Out, Text);
  return *this;
}

void SvgWriter::close() {
  if (Open.back().StartTagOpen) {
    Out += "/>";
  } else {
    Out += "</";
    Out += Open.back().Name;
    Out += '>';
  }
  Open.pop_back();
  if (Open.size() <= 1)
    Out += '\n';
}

void SvgWriter::textElement(std::string_view Name, std::string_view Text) {
  open(Name).text(Text);
  close();
}

std::string SvgWriter::finish() {
  while (!Open.empty())
    close();
  return std::move(Out);
}

} // namespace format
} // namespace sextant

//! Step 1 of a test file: splitting the (expanded) text into tasks with their exact line
//! ranges, echo text and assembler input (spec §3).

use crate::RunnerError;

/// One task of a test file, before its command is parsed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RawTask {
    /// The task number (from 0).
    pub number: usize,
    /// Line of the first command line.
    pub start_line: usize,
    /// Line of the last command line.
    pub command_lines_stop: usize,
    /// Line of the last text line, or `command_lines_stop` without text.
    pub stop_line: usize,
    /// The command text: the command lines' texts joined by spaces.
    pub command: String,
    /// The echo text printed after `task K lines A-B:` (starts with a space).
    pub source: String,
    /// The code block for the assembler: `command_lines_stop` newlines, then the text lines
    /// (blank lines dropped) joined by `\n`; `None` when the task has no text.
    pub data: Option<String>,
}

impl RawTask {
    /// The command's words as the peer's clap sees them: `task` followed by the
    /// whitespace-split command text.
    pub fn words(&self) -> Vec<String> {
        std::iter::once("task")
            .chain(self.command.split_ascii_whitespace())
            .map(str::to_string)
            .collect()
    }
}

/// The class of a line.
enum LineClass<'a> {
    Command(&'a str),
    EmptyCommand,
    Blank,
    Text,
}

fn classify(line: &str) -> LineClass<'_> {
    let trimmed = line.trim_start();
    if let Some(rest) = trimmed.strip_prefix("//#") {
        let text = rest.trim_start();
        if text.is_empty() {
            return LineClass::EmptyCommand;
        }
        return LineClass::Command(text);
    }
    if trimmed.is_empty() {
        return LineClass::Blank;
    }
    LineClass::Text
}

/// True for a leading comment: `//` then whitespace or printable ASCII other than `#`.
fn is_leading_comment(line: &str) -> bool {
    let Some(rest) = line.trim_start().strip_prefix("//") else {
        return false;
    };
    rest.chars()
        .next()
        .is_some_and(|c| c.is_whitespace() || (c.is_ascii_graphic() && c != '#'))
}

/// A bucket being filled: command lines and text lines with their line numbers.
#[derive(Default)]
struct Bucket<'a> {
    commands: Vec<(usize, &'a str)>,
    text: Vec<(usize, &'a str)>,
}

/// Splits `text` into tasks.
pub fn split_tasks(text: &str) -> Result<Vec<RawTask>, RunnerError> {
    let mut buckets: Vec<Bucket<'_>> = Vec::new();
    let mut current = Bucket::default();
    let mut in_command = true;
    let mut skipping_top = true;
    for (index, line) in text.lines().enumerate() {
        let number = index + 1;
        let class = classify(line);
        if skipping_top {
            if matches!(class, LineClass::Blank | LineClass::EmptyCommand)
                || is_leading_comment(line)
            {
                continue;
            }
            skipping_top = false;
        }
        match class {
            LineClass::EmptyCommand => {}
            LineClass::Command(cmd) => {
                if !in_command {
                    buckets.push(std::mem::take(&mut current));
                    in_command = true;
                }
                current.commands.push((number, cmd));
            }
            LineClass::Blank => in_command = false,
            LineClass::Text => {
                in_command = false;
                current.text.push((number, line));
            }
        }
    }
    if !current.commands.is_empty() || !current.text.is_empty() {
        buckets.push(current);
    }
    buckets
        .into_iter()
        .enumerate()
        .map(|(number, b)| make_task(number, b))
        .collect()
}

fn make_task(number: usize, bucket: Bucket<'_>) -> Result<RawTask, RunnerError> {
    let (Some(first), Some(last)) = (bucket.commands.first(), bucket.commands.last()) else {
        let line = bucket.text.first().map_or(1, |(n, _)| *n);
        return Err(RunnerError::Tasks {
            line,
            message: "No initial command".to_string(),
        });
    };
    let start_line = first.0;
    let command_lines_stop = last.0;
    let stop_line = bucket.text.last().map_or(command_lines_stop, |(n, _)| *n);
    let mut source = String::new();
    for (_, cmd) in &bucket.commands {
        source.push(' ');
        source.push_str(cmd);
    }
    let command = source.trim_start().to_string();
    if let Some((_, first_text)) = bucket.text.first() {
        source.push_str(" [");
        source.push_str(first_text);
        source.push(']');
    }
    let data = if bucket.text.is_empty() {
        None
    } else {
        let mut d = "\n".repeat(command_lines_stop);
        let lines: Vec<&str> = bucket.text.iter().map(|(_, l)| *l).collect();
        d.push_str(&lines.join("\n"));
        Some(d)
    };
    Ok(RawTask {
        number,
        start_line,
        command_lines_stop,
        stop_line,
        command,
        source,
        data,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ranges(text: &str) -> Vec<(usize, usize, String)> {
        split_tasks(text)
            .unwrap()
            .into_iter()
            .map(|t| (t.start_line, t.stop_line, t.source))
            .collect()
    }

    #[test]
    fn publish_then_run_with_blank_lines() {
        let text = "//# publish\nmodule 0x1::M\npublic fun foo()\n    ld_u64 22\n    abort\n\n\n\n//# run\nscript\nuse 0x1::M\nentry public fun main()\n    call M::foo\n    ret\n";
        assert_eq!(
            ranges(text),
            vec![
                (1, 5, " publish [module 0x1::M]".to_string()),
                (9, 14, " run [script]".to_string()),
            ]
        );
    }

    #[test]
    fn consecutive_command_lines_form_one_command() {
        let text = "// leading comment\n\n//# view\n//#     --address 0x1\n//#     --resource 0x42::N::R<u64>\n\n//# run --signers 0x1 --args 0 -- 0x42::N::ex";
        let tasks = split_tasks(text).unwrap();
        assert_eq!(tasks.len(), 2);
        let view = &tasks[0];
        assert_eq!((view.start_line, view.stop_line), (3, 5));
        assert_eq!(
            view.source,
            " view --address 0x1 --resource 0x42::N::R<u64>"
        );
        assert_eq!(view.data, None);
        assert_eq!(
            view.words(),
            [
                "task",
                "view",
                "--address",
                "0x1",
                "--resource",
                "0x42::N::R<u64>"
            ]
        );
        assert_eq!((tasks[1].start_line, tasks[1].stop_line), (7, 7));
        assert_eq!(tasks[1].number, 1);
    }

    #[test]
    fn data_drops_blank_lines_and_pads_with_command_lines() {
        let text =
            "//# publish --print-bytecode\nmodule 0x66::test\n\nfun f_u8(): u8\n    ld_u8 512\n";
        let t = &split_tasks(text).unwrap()[0];
        assert_eq!((t.start_line, t.command_lines_stop, t.stop_line), (1, 1, 5));
        assert_eq!(
            t.data.as_deref(),
            Some("\nmodule 0x66::test\nfun f_u8(): u8\n    ld_u8 512")
        );
        // The error at `ld_u8 512` is reported at line 4, not 5.
        let data = t.data.as_deref().unwrap();
        assert_eq!(data.lines().nth(3), Some("    ld_u8 512"));
    }

    #[test]
    fn comments_inside_a_task_are_text_and_first_text_line_is_echoed() {
        let text = "//# run --args 0x1 42\n// should fail, flipped arguments\nscript\nfun main(a: u64, b: address)\n    ret\n";
        let t = &split_tasks(text).unwrap()[0];
        assert_eq!(
            t.source,
            " run --args 0x1 42 [// should fail, flipped arguments]"
        );
        assert_eq!((t.start_line, t.stop_line), (1, 5));
    }

    #[test]
    fn a_command_after_text_without_blank_line_starts_a_new_task() {
        let text = "//# publish\nmodule 0x1::M\n//# run 0x1::M::f\n//#\n//# view --address 0x1 --resource 0x1::M::R\n";
        let tasks = split_tasks(text).unwrap();
        assert_eq!(tasks.len(), 2);
        assert_eq!(
            tasks[1].command,
            "run 0x1::M::f view --address 0x1 --resource 0x1::M::R"
        );
        assert_eq!((tasks[1].start_line, tasks[1].stop_line), (3, 5));
    }

    #[test]
    fn trailing_whitespace_and_crlf() {
        let text = "//# run 0x1::M::f  \r\n\r\n//# run\r\nscript\r\n";
        let tasks = split_tasks(text).unwrap();
        assert_eq!(tasks[0].source, " run 0x1::M::f  ");
        assert_eq!(tasks[1].data.as_deref(), Some("\n\n\nscript"));
    }

    #[test]
    fn text_before_any_command_is_an_error() {
        let err = split_tasks("\n// c\nmodule 0x1::M\n//# publish\n").unwrap_err();
        assert_eq!(
            err,
            RunnerError::Tasks {
                line: 3,
                message: "No initial command".into()
            }
        );
        assert!(split_tasks("//\n//# publish").is_err());
        assert_eq!(split_tasks("\n\n").unwrap(), vec![]);
    }
}

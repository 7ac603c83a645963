import { Fragment } from 'react'

/**
 * Shows text in which **double asterisks** mark bold phrases. It builds React elements from the
 * pieces, so the text is never parsed as HTML and nothing in it can inject markup.
 */
export function RichText({ text, className }: { text: string; className?: string }) {
  const pieces = text.split(/\*\*(.+?)\*\*/g)
  return (
    <p className={className}>
      {pieces.map((piece, index) =>
        index % 2 === 1 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: pieces of one fixed string, in order
          <strong key={index} className="font-semibold text-ink">
            {piece}
          </strong>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: pieces of one fixed string, in order
          <Fragment key={index}>{piece}</Fragment>
        ),
      )}
    </p>
  )
}

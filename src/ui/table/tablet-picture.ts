/**
 * A small picture of the tablet lying flat, each player's name on their side (turned to face
 * them): on the new-game screen, where a tap moves a player (<mia-seating>), and in the question
 * where the tablet is (<mia-tablet-question>). The holder gives what each seat shows.
 */
import { css, html, type TemplateResult } from 'lit';
import { SIDES, facingOf, seatsBySide, type Side } from '../../rules';
import { sidesGrid } from './sides.styles';
import './mia-facing';

export const tabletPictureStyles = css`
  .tablet {
    --side-size: 56px;
    --side-gap: 4px;
    ${sidesGrid}
    gap: 4px;
    padding: 4px;
    width: min(100%, 620px);
    aspect-ratio: 4 / 3;
    border: 3px solid var(--line);
    border-radius: 18px;
    background: var(--surface);
  }
  .tablet .left,
  .tablet .right {
    min-height: calc(var(--side-size) * 1.6);
  }
  .tablet .screen {
    grid-area: middle;
    display: grid;
    place-items: center;
    color: var(--muted);
    font-weight: 700;
    text-align: center;
    padding: 8px;
  }
  @media (orientation: portrait) {
    .tablet {
      width: min(100%, 460px);
      aspect-ratio: 3 / 4;
    }
  }
`;

/**
 * The picture: `seat` draws what a seat shows (its frame is turned toward its side), `middle`
 * what the screen's middle shows.
 */
export function tabletPicture(
  sides: readonly Side[],
  seat: (seat: number, side: Side) => TemplateResult,
  middle: TemplateResult | string,
) {
  const by = seatsBySide(sides);
  return html`${SIDES.map(
      (side) =>
        html`<div class="side ${side}">
          ${by[side].map(
            (n) =>
              html`<mia-facing .facing=${facingOf(side)} data-seat=${n} data-side=${side}>
                ${seat(n, side)}
              </mia-facing>`,
          )}
        </div>`,
    )}
    <div class="screen">${middle}</div>`;
}

/**
 * The recorder plot's styles. Series take the theme's colours (public/base.css), tuned for both
 * themes: |a| the text colour, x red, y green, z blue (the usual axis colours), the detector's
 * band the accent; labels have a halo of the plot's background so they stay readable over the
 * lines.
 */
import { css } from 'lit';

export const tracePlotStyles = css`
  :host {
    display: block;
  }
  svg {
    display: block;
    width: 100%;
    background: var(--surface-2);
    border: 1px solid var(--line);
    border-radius: var(--radius);
  }
  polyline {
    fill: none;
    stroke-linejoin: round;
  }
  .s-a {
    stroke: var(--text);
    stroke-width: 2;
    background: var(--text);
  }
  .s-x {
    stroke: var(--danger);
    background: var(--danger);
  }
  .s-y {
    stroke: var(--ok);
    background: var(--ok);
  }
  .s-z {
    stroke: var(--focus);
    background: var(--focus);
  }
  polyline.s-x,
  polyline.s-y,
  polyline.s-z {
    stroke-width: 1.25;
    opacity: 0.85;
  }
  .grid {
    stroke: var(--line);
    stroke-width: 1;
    opacity: 0.6;
  }
  .grid.zero,
  .axis {
    stroke: var(--muted);
    opacity: 1;
  }
  text {
    font-size: 12px;
    fill: var(--text);
    paint-order: stroke;
    stroke: var(--surface-2);
    stroke-width: 3px;
    stroke-linejoin: round;
  }
  text.tick {
    fill: var(--muted);
  }
  .band,
  .swatch.band {
    fill: var(--accent);
    fill-opacity: 0.14;
    background: color-mix(in srgb, var(--accent) 25%, transparent);
  }
  .band-edge {
    stroke: var(--accent);
    stroke-dasharray: 6 4;
    opacity: 0.7;
  }
  .lid-open,
  .swatch.lid-open {
    fill: var(--muted);
    fill-opacity: 0.45;
    background: color-mix(in srgb, var(--muted) 45%, transparent);
  }
  text.on-lid {
    stroke: none;
    font-weight: 700;
  }
  .mark line {
    stroke: var(--text);
    stroke-dasharray: 3 3;
    opacity: 0.75;
  }
  .mark.lid line {
    stroke-dasharray: 1 3;
  }
  .gap rect {
    stroke: var(--danger);
    stroke-width: 1;
  }
  .gap text {
    fill: var(--danger);
    font-weight: 700;
  }
  .hatch {
    stroke: var(--danger);
    stroke-width: 2;
  }
  .legend {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 2px 16px;
    font-size: 0.85rem;
    color: var(--muted);
    margin-top: 4px;
  }
  .key {
    display: inline-flex;
    align-items: center;
    gap: 6px;
    min-height: 44px;
  }
  .toggles {
    display: inline-flex;
    gap: 4px 14px;
  }
  .toggles label {
    cursor: pointer;
  }
  input[type='checkbox'] {
    width: 24px;
    height: 24px;
    margin: 0;
    accent-color: var(--accent);
  }
  .swatch {
    display: inline-block;
    width: 18px;
    height: 4px;
    border-radius: 2px;
  }
  .swatch.band,
  .swatch.lid-open {
    height: 14px;
  }
`;

/**
 * The label sheet's styles: on screen, the sheet over the page as it will print (the paper white
 * in either theme); in print, the labels alone at 85 x 50 mm, dashed to cut along. The labels'
 * type scales with their width (container query units), so the preview and the paper match.
 */
import { css } from 'lit';

export const labelSheetStyles = css`
  :host {
    position: fixed;
    inset: 0;
    z-index: 10;
    display: block;
    overflow: auto;
    background: var(--bg);
  }
  .screen {
    display: grid;
    gap: 16px;
    max-width: 56rem;
    margin: 0 auto;
    padding: 16px;
  }
  .bar {
    position: sticky;
    top: 0;
    z-index: 1;
    display: grid;
    gap: 8px;
    padding: 8px 0;
    background: var(--bg);
  }
  .bar h2 {
    font-size: 1.4rem;
  }
  .bar p {
    margin: 0;
    color: var(--muted);
    line-height: 1.4;
  }
  .buttons {
    display: flex;
    flex-wrap: wrap;
    gap: 8px;
  }
  .paper {
    display: grid;
    grid-template-columns: repeat(2, 1fr);
    gap: 12px;
    padding: 24px;
    border-radius: 4px;
    background: #fff;
    color: #111;
    box-shadow: 0 2px 12px rgb(0 0 0 / 35%);
  }
  .label {
    container-type: inline-size;
    aspect-ratio: 85 / 50;
    display: flex;
    flex-direction: column;
    align-items: center;
    justify-content: center;
    gap: 4cqw;
    padding: 0 5%;
    border: 1.5px dashed #666;
    border-radius: 8px;
  }
  .name,
  .id {
    margin: 0;
    white-space: nowrap;
  }
  .name {
    display: flex;
    align-items: baseline;
    gap: 3cqw;
  }
  .brand {
    font-size: 7cqw;
    font-weight: 700;
  }
  .code {
    font-size: 18cqw;
    font-weight: 700;
    line-height: 1;
    letter-spacing: 0.03em;
  }
  .id {
    font-size: 5cqw;
  }
  .hex {
    font-family: ui-monospace, 'DejaVu Sans Mono', Menlo, Consolas, monospace;
  }
  @media print {
    :host {
      position: static;
      overflow: visible;
      background: #fff;
    }
    .screen {
      display: block;
      max-width: none;
      padding: 0;
    }
    .bar {
      display: none;
    }
    .paper {
      grid-template-columns: repeat(2, 85mm);
      justify-content: center;
      gap: 6mm 4mm;
      padding: 0;
      box-shadow: none;
    }
    .label {
      width: 85mm;
      height: 50mm;
      aspect-ratio: auto;
      break-inside: avoid;
    }
  }
`;

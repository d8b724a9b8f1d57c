import { useMemo } from 'react';
import { useConfig } from '../config/useConfig';
import { readProducts } from './productsConfig';

/** The products part of the config document, typed; loading and error as swr reports them. */
export function useProducts() {
  const { data, error, isLoading } = useConfig();
  const products = useMemo(() => readProducts(data?.products), [data]);
  return { products, error, isLoading, ready: data !== undefined };
}
